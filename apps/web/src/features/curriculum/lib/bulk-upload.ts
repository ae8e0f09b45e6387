import { BULK_UPLOAD_MAX_FILES } from '@skillwise/contracts';
import { API_BASE_URL } from '@/config/app';

/** SPEC §5: at most 10 files, any image, any video or a PDF. */
export const BULK_RESTRICTIONS = {
  maxNumberOfFiles: BULK_UPLOAD_MAX_FILES,
  allowedFileTypes: ['image/*', 'video/*', 'application/pdf'],
};

/** SPEC §7 upload behaviour: 5 uploads at once, and 30 s without progress ends a request. */
export const BULK_LIMIT = 5;
export const BULK_TIMEOUT_MS = 30_000;

/** SPEC §7: 3 retries, waiting 0.3 s before the first and doubling. */
export const RETRY_DELAYS_MS = [300, 600, 1200] as const;

/**
 * Uppy 6 has no retryDelays option: it retries 3 times on its own, waiting 0.15 s, 0.3 s, 0.6 s
 * (0.3 s × 2^(n-2) before retry n). It awaits `onBeforeRequest` before each try, so the rest of the
 * spec's wait is spent there.
 */
export const extraWaitBeforeTry = (retryCount: number): number => {
  const wanted = RETRY_DELAYS_MS[retryCount - 1];
  if (retryCount < 1 || wanted === undefined) return 0;
  const builtIn = 300 * 2 ** (retryCount - 2);
  return Math.max(0, wanted - builtIn);
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** POST lessons/UploadLesson: one file per request in `file`, with the section and its MIME type beside it. */
export const bulkUploadOptions = (token: string) => ({
  endpoint: `${API_BASE_URL}/lessons/UploadLesson`,
  method: 'POST',
  formData: true,
  fieldName: 'file',
  headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  allowedMetaFields: ['section_Id', 'contentType'],
  limit: BULK_LIMIT,
  timeout: BULK_TIMEOUT_MS,
  /** Only a failure that may pass: no answer, a server error or too many requests; a refused file is final. */
  shouldRetry: (xhr: XMLHttpRequest) => xhr.status === 0 || xhr.status === 429 || xhr.status >= 500,
  onBeforeRequest: async (_xhr: XMLHttpRequest, retryCount: number) => {
    const extra = extraWaitBeforeTry(retryCount);
    if (extra > 0) await wait(extra);
  },
});

/** The server's message from a refused upload (413 too large, 415 wrong type), when it sent one. */
export const uploadRefusal = (xhr: XMLHttpRequest): string | null => {
  if (xhr.status < 400) return null;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: fall through to a plain text.
  }
  return `The upload failed (${xhr.status}).`;
};
