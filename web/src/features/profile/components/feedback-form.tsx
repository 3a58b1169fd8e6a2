import { FeedbackRequestSchema } from '@medibuddy/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage, serverFieldErrors } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useHandleSessionEnded } from '../../../lib/use-session-ended';
import { useSendFeedback } from '../api/send-feedback';

const EMPTY_FEEDBACK_MESSAGE = 'Please enter your feedback.';
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
      notifyError(EMPTY_FEEDBACK_MESSAGE);
      textareaRef.current?.focus();
      return;
    }
    const parsed = FeedbackRequestSchema.safeParse({ feedback });
    if (!parsed.success) {
      setError(fieldMessage('Feedback', parsed.error.issues[0]?.message ?? 'is invalid'));
      textareaRef.current?.focus();
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notifySuccess(message, 'Thank you for your feedback.');
        setFeedback('');
      },
      onError: (failure) => {
        if (handleSessionEnded(failure)) return;
        const fieldError =
          failure instanceof ApiError ? serverFieldErrors(failure, { feedback: 'Feedback' }).feedback : undefined;
        if (fieldError) {
          setError(fieldError);
          textareaRef.current?.focus();
        } else {
          notifyError(failure, 'We could not send your feedback. Please try again.');
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
      <TextAreaField
        ref={textareaRef}
        label="Feedback"
        name="feedback"
        rows={5}
        maxLength={MAX_LENGTH}
        placeholder="What worked well? What was confusing?"
        hint="Please do not include personal health details."
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
          {feedback.length} / {MAX_LENGTH} characters
        </p>
        <Button type="submit" isLoading={send.isPending} loadingText="Sending...">
          Submit
        </Button>
      </div>
    </form>
  );
}
