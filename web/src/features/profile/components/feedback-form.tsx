import { FeedbackRequestSchema } from '@medibuddy/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form';
import { t } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/validation-messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useHandleSessionEnded } from '../../../lib/use-session-ended';
import { useSendFeedback } from '../api/send-feedback';

const MAX_LENGTH = 5000;

export function FeedbackForm() {
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | undefined>();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const send = useSendFeedback();
  const handleSessionEnded = useHandleSessionEnded();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    if (!feedback.trim()) {
      notifyError(t('account.feedback.empty'));
      textareaRef.current?.focus();
      return;
    }
    const parsed = FeedbackRequestSchema.safeParse({ feedback });
    if (!parsed.success) {
      setError(parsed.error.issues.map((issue) => issueMessage(t('account.feedback.label'), issue))[0]);
      textareaRef.current?.focus();
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notifySuccess(message, t('account.feedback.thanks'));
        setFeedback('');
      },
      onError: (failure) => {
        if (handleSessionEnded(failure)) return;
        const fieldError =
          failure instanceof ApiError
            ? serverFieldErrors(failure, { feedback: t('account.feedback.label') }).feedback
            : undefined;
        if (fieldError) {
          setError(fieldError);
          textareaRef.current?.focus();
        } else {
          notifyError(failure, t('account.feedback.failed'));
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
      <TextAreaField
        ref={textareaRef}
        label={t('account.feedback.label')}
        name="feedback"
        rows={5}
        maxLength={MAX_LENGTH}
        placeholder={t('account.feedback.placeholder')}
        hint={t('account.feedback.hint')}
        describedBy={counterId}
        value={feedback}
        onChange={(event) => {
          setFeedback(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <div className="flex items-center justify-between gap-3">
        <p id={counterId} className="text-sm text-slate-600">
          {t('account.feedback.count', { length: feedback.length, max: MAX_LENGTH })}
        </p>
        <Button type="submit" isLoading={send.isPending} loadingText={t('account.feedback.sending')}>
          {t('account.feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
