import { COMPLETION_SHARE, MAX_LESSON_SECONDS, POSITION_SAVE_INTERVAL_MS } from '@skillwise/contracts';
import { type SyntheticEvent, useEffect, useMemo, useRef } from 'react';

/** Where a video or audio lesson is, and how long it is when the element knows (not for a stream). */
export type PositionReport = { positionSeconds: number; durationSeconds?: number };

/** A change smaller than this is not worth a request. */
const MIN_CHANGE_SECONDS = 0.5;

const clampSeconds = (value: number) => Math.min(Math.max(value, 0), MAX_LESSON_SECONDS);

/**
 * Decides when a playing lesson's position is saved: at most every `intervalMs` while it plays, at once
 * when it first reaches 90% of its duration (which completes it), and whenever the caller flushes (a
 * pause, the end, the page being left). A position that barely moved since the last save is not sent.
 */
export class PositionSaver {
  private lastSavedAt: number | null = null;
  private lastPosition: number | null = null;
  private reachedCompletion = false;

  constructor(
    private readonly save: (report: PositionReport, keepalive: boolean) => void,
    private readonly intervalMs = POSITION_SAVE_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A `timeupdate` of a playing element. */
  progress(position: number, duration: number): void {
    const time = this.now();
    this.lastSavedAt ??= time;
    const completes =
      !this.reachedCompletion &&
      Number.isFinite(duration) &&
      duration > 0 &&
      position >= COMPLETION_SHARE * duration;
    if (completes || time - this.lastSavedAt >= this.intervalMs) this.flush(position, duration);
  }

  /** Saves now unless nothing moved; `keepalive` when the page is going away. */
  flush(position: number, duration: number, keepalive = false): void {
    if (!Number.isFinite(position)) return;
    const positionSeconds = clampSeconds(position);
    const known = Number.isFinite(duration) && duration > 0;
    const completes = known && !this.reachedCompletion && positionSeconds >= COMPLETION_SHARE * duration;
    if (
      !completes &&
      this.lastPosition !== null &&
      Math.abs(positionSeconds - this.lastPosition) < MIN_CHANGE_SECONDS
    )
      return;
    if (completes) this.reachedCompletion = true;
    this.lastPosition = positionSeconds;
    this.lastSavedAt = this.now();
    this.save(
      known ? { positionSeconds, durationSeconds: clampSeconds(duration) } : { positionSeconds },
      keepalive,
    );
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
  onLoadedMetadata: (event: MediaEvent) => void;
  onTimeUpdate: (event: MediaEvent) => void;
  onPause: (event: MediaEvent) => void;
  onEnded: (event: MediaEvent) => void;
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
 * A video or audio lesson's position: restored when the lesson opens, saved while it plays (throttled),
 * on pause, at the end, and when the student leaves (another lesson, another page, the tab hidden or
 * closed: the last one with a keepalive request).
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
      if (element) saver.flush(element.currentTime, element.duration, true);
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
  return {
    onLoadedMetadata: (event) => {
      const element = event.currentTarget;
      media.current = element;
      if (resumed.current) return;
      resumed.current = true;
      const at = resumePosition(start.current, element.duration);
      // A fresh signed URL may already have put the element back where it was: leave it there.
      if (at > 0 && element.currentTime < MIN_CHANGE_SECONDS) element.currentTime = at;
    },
    onTimeUpdate: (event) => {
      const element = event.currentTarget;
      media.current = element;
      if (!element.paused && !element.seeking) saver.progress(element.currentTime, element.duration);
    },
    onPause: (event) => {
      const element = event.currentTarget;
      media.current = element;
      saver.flush(element.currentTime, element.duration);
    },
    onEnded: (event) => {
      const element = event.currentTarget;
      media.current = element;
      saver.flush(
        Number.isFinite(element.duration) ? element.duration : element.currentTime,
        element.duration,
      );
    },
  };
};
