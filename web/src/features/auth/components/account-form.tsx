import type { AuthResponse } from '@medibuddy/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';
import { readFields, reportFailure, useSchemasForSubmit, validateForm, type FieldErrors } from '../../../lib/form';
import { preloadSchemas, type Contracts } from '../../../lib/schemas';
import { useFormErrors } from '../../../lib/use-form-errors';

type AccountFormProps<K extends string, B> = {
  /** The form's accessible name, e.g. 'Sign in form'. */
  name: string;
  heading: string;
  headingId: string;
  intro: string;
  /** Every field is required; in the order the form shows them (focus goes to the first with an error). */
  fields: readonly K[];
  labels: Record<K, string>;
  /** The request's contract schema, picked from the contracts once they are loaded (on first focus or submit). */
  schema: (contracts: Contracts) => z.ZodType<B>;
  mutation: UseMutationResult<AuthResponse, Error, B>;
  onDone: (response: AuthResponse) => void;
  /** Field errors of a refusal beyond the server's own field list (an address already registered). */
  moreFieldErrors?: (error: ApiError) => FieldErrors<K>;
  /** The toast for a failure that is about no field. */
  failureMessage: string;
  submitLabel: string;
  loadingText: string;
  children: (errors: FieldErrors<K>) => ReactNode;
};

/**
 * Sign in and sign up: fields checked with the request's contract schema (the server's own), then sent; a refusal
 * about a field is shown under it, anything else in a toast.
 */
export function AccountForm<K extends string, B>(props: AccountFormProps<K, B>) {
  const { fields, labels, mutation } = props;
  const { formRef, errors, showErrors, clearErrors, clearFieldOnInput } = useFormErrors(fields);
  const schemasForSubmit = useSchemasForSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readFields(event.currentTarget, fields);
    const contracts = await schemasForSubmit(mutation.isPending);
    if (!contracts) return;
    const result = validateForm(props.schema(contracts), values, labels, fields);
    const { data } = result;
    if (result.errors || data === undefined) return showErrors(result.errors ?? {});
    clearErrors();
    mutation.mutate(data, {
      onSuccess: props.onDone,
      onError: (error) => reportFailure(error, labels, showErrors, props.failureMessage, props.moreFieldErrors),
    });
  }

  return (
    <form
      ref={formRef}
      aria-label={props.name}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      onInput={clearFieldOnInput}
      onFocus={preloadSchemas}
      className="flex h-full flex-col justify-center gap-5 px-6 py-10 sm:px-10"
    >
      <h2 id={props.headingId} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
        {props.heading}
      </h2>
      <p className="-mt-3 text-slate-600">{props.intro}</p>
      {props.children(errors)}
      <Button type="submit" size="lg" isLoading={mutation.isPending} loadingText={props.loadingText}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
