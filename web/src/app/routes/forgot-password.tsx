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
import { hasErrors, serverFieldErrors, useSchemasForSubmit, validateForm } from '../../lib/form';
import { t } from '../../lib/i18n';
import { formatDate } from '../../lib/intl-format';
import { issueMessage, requiredMessage } from '../../lib/validation-messages';
import { notifyError } from '../../lib/notify';
import { preloadSchemas } from '../../lib/schemas';
import { useFormErrors } from '../../lib/use-form-errors';

/** The server's own words for a sent code: shown as the notice's title, in the page's language. */
const SENT_TITLE = 'OTP sent successfully';
const FIELDS = ['email', 'code'] as const;

type Sent = { email: string; message: string; at: Date };

/** "Sent at 08:45 pm. Check your spam folder …", the time in the page's language's conventions (Intl). */
function SentAt({ at }: { at: Date }) {
  const time = formatDate(at, { hour: '2-digit', minute: '2-digit' });
  const [before, after] = t('recovery.sentAt', { time }).split(time);
  return (
    <p>
      {before}
      <time dateTime={at.toISOString()}>{time}</time>
      {after}
    </p>
  );
}

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
  const labels = { email: t('field.email') };

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
          const fieldErrors = error instanceof ApiError ? serverFieldErrors(error, labels) : {};
          if (!sent && hasErrors(fieldErrors)) showErrors(fieldErrors);
          // 429 says how long to wait; 503 says mail is unavailable: both are the server's own sentences.
          else notifyError(error, t('recovery.sendFailed'));
        },
      },
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contracts = await schemasForSubmit(sendCode.isPending || verifyCode.isPending);
    if (!contracts) return;

    if (!sent) {
      const result = validateForm(contracts.SendCodeRequestSchema, { email }, labels, ['email']);
      if (result.errors) return showErrors(result.errors);
      clearErrors();
      requestCode(result.data.email);
      return;
    }

    const parsed = contracts.OtpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setIsCodeErrorLive(false);
      const issue = parsed.error.issues[0];
      return showErrors({
        code: code && issue ? issueMessage(t('recovery.otp'), issue) : requiredMessage(t('recovery.otp')),
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
            notifyError(error, t('recovery.checkFailed'));
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
    <AuthPage
      title={t('recovery.title')}
      heading={t('recovery.heading')}
      back={{ to: '/login', label: t('recovery.back') }}
    >
      <p className="mt-2 text-slate-600">{sent ? t('recovery.introSent') : t('recovery.intro')}</p>

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
            <Notice tone="success" title={t('recovery.sentTitle')} live="status">
              {sentExtra ? <p>{sentExtra}</p> : null}
              <SentAt at={sent.at} />
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
            <Button type="submit" size="lg" isLoading={verifyCode.isPending} loadingText={t('recovery.checking')}>
              {t('recovery.submit')}
            </Button>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button
                variant="ghost"
                size="sm"
                isLoading={sendCode.isPending}
                loadingText={t('recovery.sending')}
                onClick={() => requestCode(sent.email)}
              >
                {t('recovery.newCode')}
              </Button>
              <Button variant="ghost" size="sm" onClick={startOver}>
                {t('recovery.otherEmail')}
              </Button>
            </div>
          </>
        ) : (
          <Button type="submit" size="lg" isLoading={sendCode.isPending} loadingText={t('recovery.sending')}>
            {t('recovery.send')}
          </Button>
        )}
      </form>
    </AuthPage>
  );
}
