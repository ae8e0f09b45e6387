import type { Body, Meta, Uppy } from '@uppy/core';
import type { TusDetailedError } from '@uppy/tus';
import { API_BASE_URL } from '@/config/app';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { BULK_LIMIT, RETRY_DELAYS_MS } from './bulk-upload';
import type { UploadListener } from './upload-progress';

/**
 * Lesson files go through the resumable (tus) endpoint: an upload cut off by the network, or by a
 * reload, carries on from the last byte the server kept rather than from the start.
 */
export const TUS_ENDPOINT = `${API_BASE_URL}/uploads/tus`;

/** Each request carries at most 8 MiB: what a cut-off request can lose, and a part of the bucket's. */
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The fields the server reads from Upload-Metadata: those of lessons/createLessons for one lesson, those
 * of lessons/UploadLesson for the bulk panel, with the file's name and type (which Uppy also sends as
 * filename and filetype). A field listed but not set would travel as the text "undefined", so each use
 * lists only its own.
 */
export const LESSON_META_FIELDS = ['lesson_Id', 'lesson_title', 'contentType', 'section_Id', 'name', 'type'];
export const BULK_META_FIELDS = ['section_Id', 'contentType', 'name', 'type'];

/**
 * The Tus plugin's settings: the token on every request, the spec's 5 uploads at once and its 3 retries
 * (0.3 s, then doubling); the upload's address is remembered (in local storage, by file and target) until
 * it succeeds, so adding the same file again after a reload resumes it. Each request the client will
 * try again is told to `onSignal` (as going offline, when the browser is: the retry then waits for the
 * connection), so the publisher hears of a drop rather than watching a bar stand still.
 */
export const tusUploadOptions = (token: string, metaFields: string[], onSignal?: UploadListener) => ({
  endpoint: TUS_ENDPOINT,
  headers: { Authorization: `Bearer ${token}` },
  chunkSize: TUS_CHUNK_BYTES,
  limit: BULK_LIMIT,
  retryDelays: [...RETRY_DELAYS_MS],
  allowedMetaFields: metaFields,
  storeFingerprintForResuming: true,
  removeFingerprintOnSuccess: true,
  onShouldRetry: (
    error: TusDetailedError,
    _attempt: number,
    _options: unknown,
    next: (failed: TusDetailedError) => boolean,
  ) => {
    const retries = next(error);
    if (retries) onSignal?.({ type: navigator.onLine === false ? 'offline' : 'retry' });
    return retries;
  },
});

/**
 * Tells `onSignal` of an Uppy instance's uploads: the bytes sent of all its files together, and the
 * browser going off and back online (Uppy's own reading of the online and offline events).
 */
export const reportUploads = <M extends Meta, B extends Body>(uppy: Uppy<M, B>, onSignal: UploadListener) => {
  uppy.on('upload-progress', () => {
    const files = uppy.getFiles();
    const sent = files.reduce((sum, file) => sum + (file.progress.bytesUploaded || 0), 0);
    const total = files.reduce((sum, file) => sum + (file.progress.bytesTotal ?? file.size ?? 0), 0);
    onSignal({ type: 'progress', sent, total });
  });
  uppy.on('is-offline', () => onSignal({ type: 'offline' }));
  uppy.on('back-online', () => onSignal({ type: 'online' }));
};

type TusResponse = { getStatus(): number; getBody(): string | undefined };

/** The server's answer to a failed tus request, read from the error tus-js-client gives. */
const responseOf = (error: unknown): TusResponse | undefined => {
  const response = (error as { originalResponse?: TusResponse | null } | null)?.originalResponse;
  return response ?? undefined;
};

/** The server's reason for a refused upload (413, 415, 404 ...), or null when it gave none. */
export const tusRefusal = (error: unknown): string | null => {
  const response = responseOf(error);
  if (!response || response.getStatus() < 400) return null;
  try {
    const body: unknown = JSON.parse(response.getBody() ?? '');
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON: fall through.
  }
  return t('admin.curriculum.upload.failedStatus', { status: response.getStatus() });
};

/** A failed upload as the API client's error, so forms show the server's words as for any call. */
export const tusApiError = (error: unknown): Error => {
  const response = responseOf(error);
  const refusal = tusRefusal(error);
  if (!response || !refusal) return error instanceof Error ? error : new Error(String(error));
  let code: string | undefined;
  try {
    code = (JSON.parse(response.getBody() ?? '') as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return new ApiError(refusal, { status: response.getStatus(), ...(code ? { code } : {}) });
};

/** A short, stable name for what an upload is for, so one file meant for two lessons is two uploads. */
export const uploadTargetId = (parts: Array<string | number>) => {
  let hash = 5381;
  for (const char of parts.join('\u0000')) hash = ((hash * 33) ^ (char.codePointAt(0) ?? 0)) >>> 0;
  return hash.toString(36);
};
