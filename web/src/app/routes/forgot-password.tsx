import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { useSendResetCode } from '../../features/auth/api/send-reset-code';
import { useVerifyResetCode } from '../../features/auth/api/verify-reset-code';
import { EmailField } from '../../features/auth/components/auth-fields';
import { AuthPage } from '../../features/auth/components/auth-page';
import { OtpField } from '../../features/auth/components/otp-field';
import { ApiError } from '../../lib/api-client';
import { fieldMessage, hasErrors, serverFieldErrors, useSchemasForSubmit, validateForm } from '../../lib/form';
import { notifyError } from '../../lib/notify';
import { preloadSchemas } from '../../lib/schemas';
import { useFormErrors } from '../../lib/use-form-errors';

const SENT_TITLE = 'OTP sent successfully';
const LABELS = { email: 'Email' } as const;
const FIELDS = ['email', 'code'] as const;

type Sent = { email: string; message: string; at: Date };

export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const { formRef, errors, showErrors, clearErrors } = useFormErrors(FIELDS);
  const otpRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  /** Server answers about the code (wrong, expired, too many tries) are announced as they arrive. */
  const [isCodeErrorLive, setIsCodeErrorLive] = useState(false);
  const schemasForSubmit = useSchemasForSubmit();

  function requestCode(address: string) {
    sendCode.mutate(
      { email: address },
      {
        onSuccess: ({ message }) => {
          setSent({ email: address, message, at: new Date() });
          setCode('');
          clearErrors();
          // The OTP field appears on this render; focus it on the next frame.
          requestAnimationFrame(() => otpRef.current?.focus());
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? serverFieldErrors(error, LABELS) : {};
          if (!sent && hasErrors(fieldErrors)) showErrors(fieldErrors);
          // 429 says how long to wait; 503 says mail is unavailable: both are the server's own sentences.
          else notifyError(error, 'We could not send a code. Please try again.');
        },
      },
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contracts = await schemasForSubmit(sendCode.isPending || verifyCode.isPending);
    if (!contracts) return;

    if (!sent) {
      const result = validateForm(contracts.SendCodeRequestSchema, { email }, LABELS, ['email']);
      if (result.errors) return showErrors(result.errors);
      clearErrors();
      requestCode(result.data.email);
      return;
    }

    const parsed = contracts.OtpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setIsCodeErrorLive(false);
      return showErrors({
        code: fieldMessage('OTP', code ? (parsed.error.issues[0]?.message ?? 'is invalid') : 'is required'),
      });
    }
    clearErrors();
    verifyCode.mutate(
      { email: sent.email, code: parsed.data },
      {
        onSuccess: () => navigate('/changePassword', { state: { viaReset: true } }),
        onError: (error) => {
          if (error instanceof ApiError && !error.isNetworkError && error.status < 500) {
            setIsCodeErrorLive(true);
            showErrors({ code: error.message });
            otpRef.current?.select();
          } else {
            notifyError(error, 'We could not check the code. Please try again.');
          }
        },
      },
    );
  }

  function startOver() {
    setSent(null);
    setCode('');
    clearErrors();
  }

  const sentExtra = sent && sent.message.trim() && sent.message.trim() !== SENT_TITLE ? sent.message : null;

  return (
    <AuthPage title="Forgot password" heading="Forgot your password?" back={{ to: '/login', label: 'Back to Login' }}>
      <p className="mt-2 text-slate-600">
        {sent
          ? 'Enter the code from the email to choose a new password.'
          : 'Enter the email of your account. We will send you a one-time code (OTP) to reset your password.'}
      </p>

      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={preloadSchemas}
        className="mt-6 flex flex-col gap-5"
      >
        <EmailField
          readOnly={sent !== null}
          value={sent ? sent.email : email}
          onChange={(value) => {
            setEmail(value);
            if (errors.email) clearErrors();
          }}
          error={errors.email}
        />

        {sent ? (
          <>
            <Notice tone="success" title={SENT_TITLE} live="status">
              {sentExtra ? <p>{sentExtra}</p> : null}
              <p>
                Sent at{' '}
                <time dateTime={sent.at.toISOString()}>
                  {sent.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                </time>
                . Check your spam folder if it does not arrive within a minute.
              </p>
            </Notice>
            <OtpField
              ref={otpRef}
              value={code}
              onChange={(digits) => {
                setCode(digits);
                if (errors.code) clearErrors();
              }}
              error={errors.code}
              isErrorLive={isCodeErrorLive}
            />
            <Button type="submit" size="lg" isLoading={verifyCode.isPending} loadingText="Checking code...">
              Submit
            </Button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button
                variant="ghost"
                size="sm"
                isLoading={sendCode.isPending}
                loadingText="Sending..."
                onClick={() => requestCode(sent.email)}
              >
                Send a new code
              </Button>
              <Button variant="ghost" size="sm" onClick={startOver}>
                Use a different email
              </Button>
            </div>
          </>
        ) : (
          <Button type="submit" size="lg" isLoading={sendCode.isPending} loadingText="Sending...">
            Send OTP
          </Button>
        )}
      </form>
    </AuthPage>
  );
}
