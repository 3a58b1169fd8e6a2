import type { AssessmentResponse } from '@medibuddy/contracts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_UPLOAD_FIELD,
  SKIN_CHECKLIST_FIELD_PREFIX,
  type ImageTestSlug,
  type SkinChecklistAnswer,
} from '@medibuddy/contracts/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, isProblem, parseRetryAfter, networkErrorMessage } from '../../../lib/api-client';
import { currentLanguage, t, type MessageKey } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { loadSchemas } from '../../../lib/schemas';
import { assessmentQueryKey } from './get-assessment';

/** Upload progress, 0-1; `isSent` once the last byte left (the server is then checking the picture). */
export type UploadProgress = { fraction: number; isSent: boolean };

/** What one image test sends: the picture, and for the skin test the checklist items answered (others left out). */
export type ImageUpload = { file: File; checklist?: Partial<Record<string, SkinChecklistAnswer>> };

/** What to say when the server (or a proxy in front of it) answered with no problem of its own, by status. */
const FALLBACK_BY_STATUS: Record<number, MessageKey> = {
  400: 'images.refused.400',
  401: 'images.refused.401',
  413: 'images.refused.413',
  415: 'images.refused.415',
  422: 'images.refused.422',
  503: 'images.refused.503',
};

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
  } catch {
    body = undefined;
  }
  const problem = isProblem(body) ? body : undefined;
  return new ApiError({
    status: xhr.status,
    code: problem?.code ?? `http_${xhr.status}`,
    detail: problem?.detail.trim()
      ? problem.detail
      : t(FALLBACK_BY_STATUS[xhr.status] ?? 'images.refused.other', {
          max: formatNumber(IMAGE_MAX_BYTES / (1024 * 1024)),
        }),
    fieldErrors: problem?.errors,
    retryAfterSeconds: parseRetryAfter(xhr.getResponseHeader('retry-after')),
  });
}

/**
 * POST /api/assessments/<image test> as multipart. XMLHttpRequest rather than fetch: fetch reports no upload
 * progress, and a 5 MB photo on a slow mobile connection takes long enough that people need to see it move.
 */
function uploadImageAssessment(
  test: ImageTestSlug,
  { file, checklist = {} }: ImageUpload,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<AssessmentResponse> {
  // The response's schema is fetched while the picture uploads.
  const schemas = loadSchemas();
  schemas.catch(() => {
    // Reported when the answer is in.
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/assessments/${encodeURIComponent(test)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    // The server's refusals (a picture the test cannot read) come back in the page's language (decision 039).
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.({ fraction: event.loaded / event.total, isSent: false });
    };
    xhr.upload.onload = () => onProgress?.({ fraction: 1, isSent: true });
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network_error', detail: networkErrorMessage() }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorOf(xhr));
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      schemas.then(
        ({ AssessmentResponseSchema }) => {
          const parsed = AssessmentResponseSchema.safeParse(data);
          if (parsed.success) resolve(parsed.data);
          else
            reject(
              new ApiError({
                status: xhr.status,
                code: 'invalid_response',
                detail: t('images.refused.unreadable'),
              }),
            );
        },
        () => reject(new ApiError({ status: 0, code: 'network_error', detail: networkErrorMessage() })),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [key, answer] of Object.entries(checklist)) {
      if (answer) form.append(`${SKIN_CHECKLIST_FIELD_PREFIX}${key}`, answer);
    }
    form.append(IMAGE_UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}

/** Runs an image test; the saved assessment goes into the cache so its result page shows at once. */
export function useUploadImageAssessment(test: ImageTestSlug, onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['upload-image-assessment', test],
    mutationFn: (upload: ImageUpload) => uploadImageAssessment(test, upload, onProgress),
    onSuccess: (response) => queryClient.setQueryData(assessmentQueryKey(response.assessment.id), response),
  });
}
