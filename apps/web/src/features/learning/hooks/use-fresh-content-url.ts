import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getLessonContentUrl } from '../api/learning';

/** The part of a <video> or <audio> element the hook reads and sets. */
export type PlayableMedia = Pick<HTMLMediaElement, 'currentTime' | 'paused' | 'play'>;

export type ContentUrlStatus = 'ready' | 'refreshing' | 'failed';

/** A URL this close to its expiry is replaced before it is used. */
const EXPIRY_MARGIN_MS = 30_000;
/** Fresh URLs asked for in a row without the file ever loading: past that the player gives up. */
const MAX_REFRESHES = 2;

/** The expiry (ms since the epoch) a signed lesson URL carries in `?expires=` (seconds), if any. */
export const signedUrlExpiry = (url: string): number | null => {
  try {
    const expires = Number(new URL(url, 'http://local').searchParams.get('expires'));
    return Number.isFinite(expires) && expires > 0 ? expires * 1000 : null;
  } catch {
    return null;
  }
};

export const isUrlExpired = (url: string, now = Date.now()): boolean => {
  const expiry = signedUrlExpiry(url);
  return expiry !== null && expiry - EXPIRY_MARGIN_MS <= now;
};

/**
 * Whether a frame loaded something other than the document it was given: an expired or refused URL
 * answers a JSON error, which a frame shows instead of firing `error`. Only readable on our own origin.
 */
export const frameShowsError = (frame: HTMLIFrameElement): boolean => {
  try {
    const type = frame.contentDocument?.contentType ?? '';
    return /json|html/.test(type);
  } catch {
    return false;
  }
};

type Options = {
  lessonId: number;
  /** The signed URL the lesson list gave; null when there is no file. */
  url: string | null;
  /** Asks the server for a fresh URL (GET lessons/GetLessonContentUrl/{id} by default). */
  fetchFreshUrl?: (lessonId: number) => Promise<string | null>;
  /** Ask the server even without a URL (a lesson not open yet: its refusal says when it opens). */
  askFirst?: boolean | undefined;
};

type State = {
  lessonId: number;
  url: string | null;
  src: string | null;
  status: ContentUrlStatus;
  /** Bumped with every fresh URL, so the element reloads even when the URL came back the same. */
  version: number;
  /** The server's word when it refused the lesson (403: not open yet, docs/decisions/032). */
  refusal?: string | undefined;
};

/** An expired URL is not even tried: the fresh one is on its way. */
const initialState = (lessonId: number, url: string | null, askFirst = false): State =>
  (url && isUrlExpired(url)) || (!url && askFirst)
    ? { lessonId, url, src: null, status: 'refreshing', version: 0 }
    : { lessonId, url, src: url, status: 'ready', version: 0 };

/**
 * DESIGN (security model): lesson URLs are signed and expire after some hours. This keeps the player's
 * URL usable: one already expired is replaced before use, and when the file fails to load a fresh one is
 * asked for and a video resumes where it was, playing again if it was playing.
 */
export const useFreshContentUrl = ({
  lessonId,
  url,
  fetchFreshUrl = getLessonContentUrl,
  askFirst = false,
}: Options) => {
  const [state, setState] = useState<State>(() => initialState(lessonId, url, askFirst));
  const resumeAt = useRef<{ time: number; play: boolean } | null>(null);
  const refreshes = useRef(0);
  const pending = useRef<Promise<void> | null>(null);
  const current = useRef(lessonId);
  current.current = lessonId;
  const fetchUrl = useRef(fetchFreshUrl);
  fetchUrl.current = fetchFreshUrl;

  // Another lesson (or a new list) starts afresh.
  const isStale = state.lessonId !== lessonId || state.url !== url;
  if (isStale) setState(initialState(lessonId, url, askFirst));

  const refresh = useCallback((): Promise<void> => {
    if (pending.current) return pending.current;
    if (refreshes.current >= MAX_REFRESHES) {
      setState((previous) => ({ ...previous, status: 'failed' }));
      return Promise.resolve();
    }
    refreshes.current += 1;
    const forLesson = lessonId;
    setState((previous) => ({ ...previous, status: 'refreshing' }));
    const request = fetchUrl
      .current(forLesson)
      .then(
        (fresh) => {
          if (current.current !== forLesson) return;
          setState((previous) => ({
            ...previous,
            src: fresh,
            status: fresh ? 'ready' : 'failed',
            version: previous.version + 1,
          }));
        },
        (error: unknown) => {
          if (current.current !== forLesson) return;
          const refusal = error instanceof ApiError && error.status === 403 ? error.message : undefined;
          setState((previous) => ({ ...previous, status: 'failed', refusal }));
        },
      )
      .finally(() => {
        pending.current = null;
      });
    pending.current = request;
    return request;
  }, [lessonId]);

  useEffect(() => {
    resumeAt.current = null;
    refreshes.current = 0;
    pending.current = null;
    if ((url && isUrlExpired(url)) || (!url && askFirst)) void refresh();
  }, [url, refresh, askFirst]);

  /** The file failed to load: remember where a video was, then ask for a fresh URL. */
  const reportFailure = useCallback(
    (media?: PlayableMedia | null) => {
      if (media && media.currentTime > 0) {
        resumeAt.current = { time: media.currentTime, play: !media.paused };
      }
      return refresh();
    },
    [refresh],
  );

  /** A video's metadata arrived: put it back where it was before its URL was replaced. */
  const handleLoadedMetadata = useCallback((media: PlayableMedia) => {
    refreshes.current = 0;
    const resume = resumeAt.current;
    if (!resume) return;
    resumeAt.current = null;
    media.currentTime = resume.time;
    if (resume.play) media.play().catch(() => undefined);
  }, []);

  /** The file loaded: later failures may ask for fresh URLs again. */
  const handleLoaded = useCallback(() => {
    refreshes.current = 0;
  }, []);

  /** Try again after giving up. */
  const retry = useCallback(() => {
    refreshes.current = 0;
    return refresh();
  }, [refresh]);

  const view = isStale ? initialState(lessonId, url, askFirst) : state;
  return {
    src: view.src,
    status: view.status,
    /** Why the server refused the lesson, when it said so (a lesson not open yet). */
    refusal: view.refusal,
    /** A key for the media element: a new one after each fresh URL. */
    version: view.version,
    reportFailure,
    handleLoadedMetadata,
    handleLoaded,
    retry,
  };
};
