import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, type FieldErrors } from './form';

/**
 * Field errors of one form. Showing errors can move focus to the first invalid field, after they render,
 * so a screen reader reads the field together with its error. Editing a field clears its own error.
 */
export function useFormErrors<K extends string>(order: readonly K[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [focusRequest, setFocusRequest] = useState(0);

  // Only a new request moves focus; later edits must not pull focus back, so the errors are read as an event.
  const moveFocus = useEffectEvent(() => focusFirstInvalid(formRef.current, order, errors));
  useEffect(() => {
    if (focusRequest > 0) moveFocus();
  }, [focusRequest]);

  return {
    formRef,
    errors,
    showErrors(next: FieldErrors<K>) {
      setErrors(next);
      setFocusRequest((n) => n + 1);
    },
    clearErrors() {
      setErrors({});
    },
    /** onInput handler for the form: the edited field's error goes away. */
    clearFieldOnInput(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name as K;
      if (name && errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  };
}
