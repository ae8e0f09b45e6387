import { type ErrorBody, MSG, type Paged, TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import {
  API_BASE_URL,
  BUSY_RETRIES,
  BUSY_WAIT_MAX_S,
  NETWORK_ERROR_MESSAGE,
  SERVER_UNAVAILABLE_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '@/config/app';
import { currentLocale, loadNamespaces, t } from './i18n/i18n';
import { storage } from './storage';

export type FieldError = { field: string; message: string };

/** Any failed call: the server's `message` (or our own) plus its status, code and field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: FieldError[];
  /** True when the server gave no usable message, so callers may prefer their own text. */
  readonly isGeneric: boolean;

  constructor(
    message: string,
    options: { status: number; code?: string; details?: FieldError[]; isGeneric?: boolean },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? [];
    this.isGeneric = options.isGeneric ?? false;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data; the browser sets the boundary. Not combined with `body`. */
  form?: FormData;
  query?: Record<string, QueryValue>;
  /** The call needs a token: without one it fails with MSG.tokenMissing before reaching the network. */
  auth?: boolean;
  /** Set to false when a 401 must not end the session (logout, whose failure is ignored). */
  endSessionOn401?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a lesson's position saved as the student leaves). */
  keepalive?: boolean;
};

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** The app decides what a 401 on an authenticated call does (clear storage, go to /login). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | undefined): void => {
  unauthorizedHandler = handler;
};

type BusyHandler = (seconds: number) => void;
let busyHandler: BusyHandler | undefined;

/** The app decides how a wait for a busy server is told (a toast), while the call waits to go again. */
export const setBusyHandler = (handler: BusyHandler | undefined): void => {
  busyHandler = handler;
};

/**
 * The seconds to wait before sending a call again that a busy server refused (503 with Retry-After: a
 * full password line or a read stopped by the statement timeout, which did nothing), or null to fail now:
 * after BUSY_RETRIES tries, for a wait longer than BUSY_WAIT_MAX_S, or for a call that outlives its page.
 */
const busyWait = (response: Response, tries: number, keepalive: boolean | undefined): number | null => {
  if (response.status !== 503 || keepalive || tries >= BUSY_RETRIES) return null;
  const header = response.headers.get('retry-after')?.trim() ?? '';
  const seconds = /^\d{1,3}$/.test(header) ? Number(header) : Number.NaN;
  return seconds >= 1 && seconds <= BUSY_WAIT_MAX_S ? seconds : null;
};

/** Waits `seconds`, or rejects as fetch does when the call is aborted meanwhile. */
const pause = (seconds: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The call was aborted.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, seconds * 1000);
    const stop = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

const buildUrl = (path: string, query: RequestOptions['query']): string => {
  const url = `${API_BASE_URL}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const readJson = async (response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> => {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * The error shape's schema brings the validation library, which a visitor's pages need for nothing
 * else: it loads with the first failed call instead of with the first page (docs/BENCHMARKS.md).
 */
const parseErrorBody = async (value: unknown): Promise<ErrorBody | undefined> => {
  try {
    const { errorBodySchema } = await import('./error-body-schema');
    const parsed = errorBodySchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    // The schema could not be loaded (the app was updated meanwhile): the generic message follows.
    return undefined;
  }
};

/** The server's English said in another language (lib/field-text.ts), once loaded. */
let readers: typeof import('./field-text') | undefined;
let readersLoad: Promise<void> | undefined;

/**
 * For a reader of another language, loads what says the server's own English in theirs (lib/field-text.ts
 * and the `forms` catalogue) beside their first call; nothing for English. Should it fail, the server's
 * English is shown, and the next call tries again.
 */
const loadReaders = (): Promise<void> => {
  if (currentLocale() === 'en' || readers) return Promise.resolve();
  readersLoad ??= Promise.all([import('./field-text'), loadNamespaces(['forms'])]).then(
    ([module]) => {
      readers = module;
    },
    () => {
      readersLoad = undefined;
    },
  );
  return readersLoad;
};

const errorFromResponse = async (
  status: number,
  body: { ok: true; value: unknown } | { ok: false },
): Promise<ApiError> => {
  const errorBody = body.ok ? await parseErrorBody(body.value) : undefined;
  if (errorBody) {
    const { message, code, details } = errorBody;
    await loadReaders();
    const said = readers?.readerFieldText;
    return new ApiError(message, {
      status,
      code,
      details: said ? details?.map((detail) => ({ ...detail, message: said(detail.message) })) : details,
    });
  }
  const message = status >= 500 ? SERVER_UNAVAILABLE_MESSAGE : UNEXPECTED_RESPONSE_MESSAGE;
  return new ApiError(message, { status, isGeneric: true });
};

/** A call's parsed JSON body with the response headers it came with. */
type Answer = { value: unknown; headers: Headers };

/**
 * The one HTTP client (STYLE: one way to do one thing). Calls `/api/<path>` on the same origin,
 * adds the stored bearer token when there is one and turns every failure into an ApiError.
 * JSON goes in `body`; file uploads go in `form` (multipart, e.g. `Object.course_title` + `fileName`).
 */
async function send(path: string, options: RequestOptions): Promise<Answer> {
  const {
    method = 'GET',
    body,
    form,
    query,
    auth = false,
    endSessionOn401 = true,
    signal,
    keepalive,
  } = options;
  const token = storage.get('authToken');
  if (auth && !token) {
    throw new ApiError(MSG.tokenMissing, { status: 401, code: 'UNAUTHENTICATED' });
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && form === undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  // Beside the call, for a reader of another language: what says the server's sentences in theirs.
  const sayings = currentLocale() === 'en' ? undefined : loadReaders();
  let response: Response;
  for (let tries = 0; ; tries += 1) {
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal,
        ...(keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
    }
    // A busy server did nothing with the call: wait as it asks, saying so, and send it again.
    const wait = busyWait(response, tries, keepalive);
    if (wait === null) break;
    await response.body?.cancel();
    busyHandler?.(wait);
    await pause(wait, signal);
  }

  const parsed = await readJson(response);
  if (sayings) await sayings;
  if (!response.ok) {
    const error = await errorFromResponse(response.status, parsed);
    if (response.status === 401 && auth && endSessionOn401) unauthorizedHandler?.(error);
    throw error;
  }
  if (!parsed.ok)
    throw new ApiError(UNEXPECTED_RESPONSE_MESSAGE, { status: response.status, isGeneric: true });
  return { value: parsed.value, headers: response.headers };
}

/** A call's JSON answer (see `send` for what every call shares). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)).value as T;
}

/** One page of a list call: 1-based `page`, `pageSize` rows, an optional search text (DESIGN 10). */
export type PageRequest = { page: number; pageSize: number; search?: string };

/** A file a call answered (a certificate's PDF), with the name its Content-Disposition gives. */
export type ApiFile = { blob: Blob; fileName: string | undefined };

/**
 * GET a file with the stored token (a call that answers bytes, not JSON); a failure is an ApiError
 * like any other call's.
 */
export async function apiFile(path: string, options: { auth?: boolean; signal?: AbortSignal } = {}) {
  const token = storage.get('authToken');
  if (options.auth && !token) {
    throw new ApiError(MSG.tokenMissing, { status: 401, code: 'UNAUTHENTICATED' });
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
  }
  if (!response.ok) {
    const error = await errorFromResponse(response.status, await readJson(response));
    if (response.status === 401 && options.auth) unauthorizedHandler?.(error);
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName } satisfies ApiFile;
}

/** A page's answer with the headers it came with, for what a list call sends beside its rows. */
async function sendPage<T>(
  path: string,
  { page, pageSize, search }: PageRequest,
  options: Omit<RequestOptions, 'method' | 'body' | 'form'>,
): Promise<{ page: Paged<T>; headers: Headers }> {
  const { value, headers } = await send(path, {
    ...options,
    query: { ...options.query, page, pageSize, search: search?.trim() || undefined },
  });
  const rows = Array.isArray(value) ? (value as T[]) : [];
  const header = headers.get(TOTAL_COUNT_HEADER);
  const counted = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : Number.NaN;
  const total = Number.isSafeInteger(counted) ? counted : (page - 1) * pageSize + rows.length;
  return { page: { rows, total }, headers };
}

/**
 * GET one page of a list call (DESIGN 10): sends `page`, `pageSize` and `search` (left out when blank)
 * beside the call's own query, and reads the number of matching rows from `X-Total-Count`. A server
 * that leaves the header out is counted from what it sent, so the pager never offers an empty page.
 */
export async function apiPage<T>(
  path: string,
  paging: PageRequest,
  options: Omit<RequestOptions, 'method' | 'body' | 'form'> = {},
): Promise<Paged<T>> {
  return (await sendPage<T>(path, paging, options)).page;
}

/** A page with sums over every matching row (not only the page's), each undefined when not sent. */
export type PagedWithSums<T, K extends string> = Paged<T> & { sums: Record<K, number | undefined> };

/**
 * A money header in dollars with at most two decimals (`1234.50`, or `-3.24` for a net below zero), or a
 * count; undefined when absent or malformed.
 */
const moneyHeader = (headers: Headers, name: string): number | undefined => {
  const value = headers.get(name)?.trim() ?? '';
  return /^-?\d{1,15}(\.\d{1,2})?$/.test(value) ? Number(value) : undefined;
};

/**
 * apiPage for a list call that also sends money sums in headers (the Sales list's `X-Total-Sale-Price`
 * and `X-Total-Earnings`), read like `X-Total-Count`: `sumHeaders` names the header of each sum.
 */
export async function apiPageWithSums<T, K extends string>(
  path: string,
  paging: PageRequest,
  sumHeaders: Record<K, string>,
  options: Omit<RequestOptions, 'method' | 'body' | 'form'> = {},
): Promise<PagedWithSums<T, K>> {
  const { page, headers } = await sendPage<T>(path, paging, options);
  const entries = Object.entries<string>(sumHeaders).map(([key, name]) => [key, moneyHeader(headers, name)]);
  return { ...page, sums: Object.fromEntries(entries) as Record<K, number | undefined> };
}

/** A field name as people read it: `Object.contentType` is "Content type", `course_Id` "Course ID". */
export const fieldLabel = (field: string): string => {
  const words = field
    .replace(/^Object\./, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\bid\b/g, 'ID')
    .replace(/\burl\b/g, 'URL');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The message to show for a failed call: the server's own, or `fallback` when it gave none. A 400 that
 * names a field ("password: must be at least 8 characters") reads as a sentence: "Password must be at
 * least 8 characters".
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isGeneric) return fallback;
  const first = error.details[0];
  if (first && error.message.startsWith(`${first.field}: `))
    return t('common.fieldText.sentence', { field: fieldLabel(first.field), message: first.message });
  return readerText(error.message);
};

/** The specification's messages by their English text, to say them in the reader's language. */
let messageKeys: Map<string, keyof typeof MSG> | undefined;

/**
 * A text the server sent, in the reader's language: one of the specification's messages (the server says
 * them in English, as the specification writes them) from `common.msg`, one of its own sentences from
 * SERVER_TEXTS once loaded (`loadReaders`); any other text as it came.
 */
export const readerText = (text: string): string => {
  messageKeys ??= new Map(Object.entries(MSG).map(([key, message]) => [message, key as keyof typeof MSG]));
  const key = messageKeys.get(text);
  if (key) return t(`common.msg.${key}`);
  return readers ? readers.readerServerText(text) : text;
};

/** The server's message for one field of a 400 answer, if it named that field. */
export const fieldErrorFor = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.details.find((detail) => detail.field === field)?.message : undefined;

type FormValue = string | number | boolean;

/**
 * The multipart shape of SPEC §7: each text field as `Object.<name>`, then each chosen file under its
 * own field name (`fileName`). Files come last so the server has every field before the upload streams.
 */
export const objectFormData = (
  fields: Record<string, FormValue>,
  files: Record<string, Blob | null | undefined> = {},
): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(`Object.${name}`, String(value));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file);
  return form;
};
