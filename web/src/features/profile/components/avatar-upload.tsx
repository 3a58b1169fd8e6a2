import { AVATAR_MAX_BYTES, type User } from '@medibuddy/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CameraIcon } from '../../../components/ui/icons';
import { useIsPageLeaving } from '../../../components/ui/page-leaving';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { initialOf } from '../../../lib/user-initial';
import { useHandleSessionEnded } from '../../../lib/use-session-ended';
import { useUploadAvatar } from '../api/upload-avatar';
import { useObjectUrl } from '../../../lib/use-object-url';
import { t } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';

const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

/** The checks the browser can make before sending; the server checks the content again. */
function checkImageFile(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return t('account.avatar.wrongType');
  if (file.size > AVATAR_MAX_BYTES) return t('account.avatar.tooLarge', { mb: MAX_MB });
  return null;
}

function Avatar({ user, className = 'size-28 text-5xl' }: { user: User; className?: string }) {
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt={t('account.avatar.alt')}
        className={`${className} rounded-full object-cover ring-4 ring-white shadow-md`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded-full bg-teal-700 font-bold text-white ring-4 ring-white shadow-md`}
    >
      {initialOf(user)}
    </span>
  );
}

export function AvatarUpload({ user }: { user: User }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const isPageLeaving = useIsPageLeaving();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const handleSessionEnded = useHandleSessionEnded();

  // The preview is a local object URL: the picture leaves the browser only when it is sent.
  const previewUrl = useObjectUrl(file);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = checkImageFile(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  }

  function reset() {
    setFile(null);
    setFileError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function handleUpload() {
    if (fileError) {
      notifyError(fileError);
      inputRef.current?.focus();
      return;
    }
    if (!file) {
      notifyError(t('account.avatar.noFile'));
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ message }) => {
        notifySuccess(message, t('account.avatar.updated'));
        reset();
      },
      onError: (error) => {
        if (handleSessionEnded(error)) return;
        const imageError =
          error instanceof ApiError ? serverFieldErrors(error, { image: t('account.avatar.field') }).image : undefined;
        if (imageError) setFileError(imageError);
        notifyError(error, t('account.avatar.failed'));
      },
    });
  }

  const describedBy = [fileError ? errorId : null, hintId].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start sm:gap-6">
      <div className="relative shrink-0">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={t('account.avatar.previewAlt')}
            onError={() => {
              setFileError(t('account.avatar.unreadable'));
              setFile(null);
            }}
            className="size-28 rounded-full object-cover ring-4 ring-teal-200 shadow-md"
          />
        ) : (
          <Avatar user={user} />
        )}
      </div>
      <div className="flex w-full flex-col gap-3">
        <div>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={handleChange}
            aria-describedby={describedBy}
            aria-invalid={fileError ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={isPageLeaving ? undefined : inputId}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-teal-700 bg-white px-5 font-semibold text-teal-800 hover:bg-teal-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600"
          >
            <CameraIcon />
            {t('account.avatar.choose')}
          </label>
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {file ? (
            <>
              {richText('account.avatar.selected', {
                file: <span className="font-semibold break-all text-slate-800">{file.name}</span>,
              })}{' '}
            </>
          ) : null}
          {t('account.avatar.hint', { mb: MAX_MB })}
        </p>
        {fileError ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {fileError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={handleUpload} isLoading={upload.isPending} loadingText={t('account.avatar.uploading')}>
            {t('account.avatar.upload')}
          </Button>
          {file ? (
            <Button variant="ghost" onClick={reset}>
              {t('account.avatar.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
