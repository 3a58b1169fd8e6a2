import { PASSWORD_MAX, PASSWORD_MIN } from '@medibuddy/contracts/forms';
import type { Ref } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n';

/** The new-password hint, in the page's language. */
export const passwordHint = () => t('field.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX });

type EmailFieldProps = {
  error?: string;
  readOnly?: boolean;
  /** Controlled (the recovery page keeps the address in state); uncontrolled when left out. */
  value?: string;
  onChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** The account's email address, as every account form asks for it. */
export function EmailField({ error, readOnly, value, onChange, ref }: EmailFieldProps) {
  return (
    <TextField
      ref={ref}
      label={t('field.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      readOnly={readOnly}
      value={value}
      onChange={onChange && ((event) => onChange(event.target.value))}
      error={error}
    />
  );
}

/**
 * sign-in: the password as it is; current: the password being replaced; new: a new one, with the length rule as
 * its hint; confirm: the new one again.
 */
type PasswordPurpose = 'sign-in' | 'current' | 'new' | 'confirm';

type PasswordFieldProps = {
  label: string;
  name: string;
  purpose: PasswordPurpose;
  error?: string;
  'aria-invalid'?: boolean;
};

export function PasswordField({ label, name, purpose, error, 'aria-invalid': ariaInvalid }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={purpose === 'new' || purpose === 'confirm' ? 'new-password' : 'current-password'}
      required
      // Sign-in does not cut a long password short: one over the limit gets the schema's message instead.
      maxLength={purpose === 'sign-in' ? undefined : PASSWORD_MAX}
      hint={purpose === 'new' ? passwordHint() : undefined}
      error={error}
      aria-invalid={ariaInvalid}
    />
  );
}
