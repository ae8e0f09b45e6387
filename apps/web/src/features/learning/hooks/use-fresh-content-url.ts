import type { LessonVideo } from '@skillwise/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getLessonContent, type LessonContent } from '../api/learning';

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

/**
 * Asks the server for fresh URLs (GET lessons/GetLessonContentUrl/{id} by default): the file's alone, or
 * with a video lesson's streaming copies (docs/decisions/043).
 */
export type FetchFreshUrl = (lessonId: number) => Promise<string | null | LessonContent>;

type Options = {
  lessonId: number;
  /** The signed URL the lesson list gave; null when there is no file. */
  url: string | null;
  /** A video lesson's streaming copies, as the lesson list gave them. */
  video?: LessonVideo | null | undefined;
  fetchFreshUrl?: FetchFreshUrl;
  /** Ask the server even without a URL (a lesson not open yet: its refusal says when it opens). */
  askFirst?: boolean | undefined;
};

type State = {
  lessonId: number;
  url: string | null;
  /** The stream URL the lesson list gave, to tell a new list from this one. */
  stream: string | null;
  src: string | null;
  /** The video's streaming copies: the list's, then each fresh answer's. */
  video: LessonVideo | null;
  status: ContentUrlStatus;
  /** Bumped with every fresh URL, so the element reloads even when the URL came back the same. */
  version: number;
  /** The server's word when it refused the lesson (403: not open yet, docs/decisions/032). */
  refusal?: string | undefined;
};

const streamOf = (video: LessonVideo | null | undefined): string | null =>
  video?.state === 'ready' ? video.stream_url : null;

/** Whether the URLs given cannot be used as they are: one expired, or none for a lesson to ask about. */
const needsFresh = (url: string | null, stream: string | null, askFirst: boolean): boolean =>
  (url !== null && isUrlExpired(url)) || (stream !== null && isUrlExpired(stream)) || (!url && askFirst);

/** An expired URL is not even tried: the fresh one is on its way. */
const initialState = (
  lessonId: number,
  url: string | null,
  video: LessonVideo | null | undefined,
  askFirst = false,
): State => {
  const base = { lessonId, url, stream: streamOf(video), video: video ?? null, version: 0 };
  return needsFresh(url, base.stream, askFirst)
    ? { ...base, src: null, status: 'refreshing' }
    : { ...base, src: url, status: 'ready' };
};

/** A fresh answer as the player uses it: a bare URL (the file's alone) keeps the video it had. */
const freshContent = (answer: string | null | LessonContent, previous: LessonVideo | null) =>
  typeof answer === 'string' || answer === null
    ? { src: answer, video: previous }
    : { src: answer.content_path, video: answer.video ?? null };

/**
 * DESIGN (security model): lesson URLs are signed and expire after some hours. This keeps the player's
 * URL usable: one already expired is replaced before use, and when the file fails to load a fresh one is
 * asked for and a video resumes where it was, playing again if it was playing.
 */
export const useFreshContentUrl = ({
  lessonId,
  url,
  video,
  fetchFreshUrl = getLessonContent,
  askFirst = false,
}: Options) => {
  const [state, setState] = useState<State>(() => initialState(lessonId, url, video, askFirst));
  const resumeAt = useRef<{ time: number; play: boolean } | null>(null);
  const refreshes = useRef(0);
  const pending = useRef<Promise<void> | null>(null);
  const current = useRef(lessonId);
  current.current = lessonId;
  const fetchUrl = useRef(fetchFreshUrl);
  fetchUrl.current = fetchFreshUrl;

  // Another lesson (or a new list) starts afresh.
  const stream = streamOf(video);
  const isStale = state.lessonId !== lessonId || state.url !== url || state.stream !== stream;
  if (isStale) setState(initialState(lessonId, url, video, askFirst));

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
        (answer) => {
          if (current.current !== forLesson) return;
          setState((previous) => {
            const fresh = freshContent(answer, previous.video);
            return {
              ...previous,
              ...fresh,
              status: fresh.src ? 'ready' : 'failed',
              version: previous.version + 1,
            };
          });
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
    if (needsFresh(url, stream, askFirst)) void refresh();
  }, [url, stream, refresh, askFirst]);

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

  const view = isStale ? initialState(lessonId, url, video, askFirst) : state;
  return {
    src: view.src,
    /** A video lesson's streaming copies, signed afresh with the file when its URL was replaced. */
    video: view.video,
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
