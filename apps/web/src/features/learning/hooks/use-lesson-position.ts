import { MAX_LESSON_SECONDS, MAX_PLAYBACK_RATE, POSITION_SAVE_INTERVAL_MS } from '@skillwise/contracts';
import { type SyntheticEvent, useEffect, useMemo, useRef } from 'react';

/** Where a video or audio lesson is. The server judges completion from these and its own clock. */
export type PositionReport = { positionSeconds: number };

/** A change smaller than this is not worth a request. */
const MIN_CHANGE_SECONDS = 0.5;

const clampSeconds = (value: number) => Math.min(Math.max(value, 0), MAX_LESSON_SECONDS);

/**
 * Decides when a playing lesson's position is saved: where playing starts, at most every `intervalMs`
 * while it plays, and whenever the caller flushes (a pause, the end, the page being left). The server
 * credits the time watched between two saves from its own clock (DESIGN decision 12), so the save where
 * playing starts matters: without it the first seconds would count for nothing. A position that barely
 * moved since the last save is not sent.
 */
export class PositionSaver {
  private lastSavedAt: number | null = null;
  private lastPosition: number | null = null;

  constructor(
    private readonly save: (report: PositionReport, keepalive: boolean) => void,
    private readonly intervalMs = POSITION_SAVE_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A `timeupdate` of a playing element. */
  progress(position: number): void {
    if (this.lastSavedAt === null || this.now() - this.lastSavedAt >= this.intervalMs) this.flush(position);
  }

  /** Saves now unless nothing moved; `keepalive` when the page is going away. */
  flush(position: number, keepalive = false): void {
    if (!Number.isFinite(position)) return;
    const positionSeconds = clampSeconds(position);
    if (this.lastPosition !== null && Math.abs(positionSeconds - this.lastPosition) < MIN_CHANGE_SECONDS)
      return;
    this.lastPosition = positionSeconds;
    this.lastSavedAt = this.now();
    this.save({ positionSeconds }, keepalive);
  }
}

/**
 * Where to start a lesson that was left at `saved` seconds: there, unless it was (nearly) at the end,
 * when it starts again from the beginning.
 */
export const resumePosition = (saved: number, duration: number): number => {
  if (!(saved > 0)) return 0;
  if (Number.isFinite(duration) && duration > 0 && saved >= duration - 1) return 0;
  return saved;
};

type MediaEvent = SyntheticEvent<HTMLMediaElement>;

export type MediaHandlers = {
  onPlay: (event: MediaEvent) => void;
  onLoadedMetadata: (event: MediaEvent) => void;
  onTimeUpdate: (event: MediaEvent) => void;
  onPause: (event: MediaEvent) => void;
  onEnded: (event: MediaEvent) => void;
  onRateChange: (event: MediaEvent) => void;
};

type Options = {
  lessonId: number;
  /** The saved position, read when the lesson's metadata arrives. */
  startAt: number;
  /** Nothing is saved when false (a publisher's preview). */
  enabled: boolean;
  save: (lessonId: number, report: PositionReport, keepalive: boolean) => void;
};

/**
 * A video or audio lesson's position: restored when the lesson opens, saved where it starts playing, while
 * it plays (throttled), on pause, at the end, and when the student leaves (another lesson, another page,
 * the tab hidden or closed: the last one with a keepalive request). Playback faster than the server
 * credits (MAX_PLAYBACK_RATE) is brought back to it.
 */
export const useLessonPosition = ({
  lessonId,
  startAt,
  enabled,
  save,
}: Options): MediaHandlers | undefined => {
  const media = useRef<HTMLMediaElement | null>(null);
  const resumed = useRef(false);
  const start = useRef(startAt);
  start.current = startAt;
  const send = useRef(save);
  send.current = save;
  const saver = useMemo(
    () => new PositionSaver((report, keepalive) => send.current(lessonId, report, keepalive)),
    [lessonId],
  );

  useEffect(() => {
    resumed.current = false;
    if (!enabled) return;
    const leave = () => {
      const element = media.current;
      if (element) saver.flush(element.currentTime, true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      leave();
      media.current = null;
    };
  }, [enabled, saver]);

  if (!enabled) return undefined;
  /** A handler of the playing element's events, which also keeps the element for leaving the page. */
  const tracked = (handle: (element: HTMLMediaElement) => void) => (event: MediaEvent) => {
    const element = event.currentTarget;
    media.current = element;
    handle(element);
  };
  return {
    onPlay: tracked((element) => saver.flush(element.currentTime)),
    onLoadedMetadata: tracked((element) => {
      if (resumed.current) return;
      resumed.current = true;
      const at = resumePosition(start.current, element.duration);
      // A fresh signed URL may already have put the element back where it was: leave it there.
      if (at > 0 && element.currentTime < MIN_CHANGE_SECONDS) element.currentTime = at;
    }),
    onTimeUpdate: tracked((element) => {
      if (!element.paused && !element.seeking) saver.progress(element.currentTime);
    }),
    onPause: tracked((element) => saver.flush(element.currentTime)),
    onEnded: tracked((element) =>
      saver.flush(Number.isFinite(element.duration) ? element.duration : element.currentTime),
    ),
    onRateChange: (event) => {
      // The browser's own menu offers at most 2x; an extension or the console may set more, which the
      // server would not credit: the student would watch without completing.
      const element = event.currentTarget;
      if (element.playbackRate > MAX_PLAYBACK_RATE) element.playbackRate = MAX_PLAYBACK_RATE;
    },
  };
};
