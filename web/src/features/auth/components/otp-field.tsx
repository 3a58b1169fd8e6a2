import { OTP_LENGTH, OTP_TTL_MINUTES } from '@medibuddy/contracts/forms';
import type { Ref } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n';

/** Keeps digits only (typed, pasted "123 456", or autofilled) and at most OTP_LENGTH of them. */
export function toOtpDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

type OtpFieldProps = {
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  isErrorLive?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function OtpField({ value, onChange, error, isErrorLive, ref }: OtpFieldProps) {
  return (
    <TextField
      ref={ref}
      label={t('recovery.otp')}
      name="code"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      spellCheck={false}
      required
      hint={t('recovery.otpHint', { length: OTP_LENGTH, minutes: OTP_TTL_MINUTES })}
      value={value}
      onChange={(event) => onChange(toOtpDigits(event.target.value))}
      error={error}
      isErrorLive={isErrorLive}
      className="[&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.4em]"
    />
  );
}
