import { percentSent, type UploadProgressValue } from '@/components/ui/upload-progress';
import { UPLOAD_MSG } from '@/config/messages';

/**
 * What an upload reports while it runs: its start, the bytes the server has been sent so far, a request
 * that failed and is tried again (the upload client's retry), and the browser going off or back online.
 */
export type UploadSignal =
  | { type: 'start'; total: number }
  | { type: 'progress'; sent: number; total: number }
  | { type: 'retry' }
  | { type: 'offline' }
  | { type: 'online' };

/** Where the upload's reports go; each save or bulk round sends to its own. */
export type UploadListener = (signal: UploadSignal) => void;

/** The speed is measured over this last stretch of time, so it follows a changing connection. */
export const SPEED_WINDOW_MS = 5000;
/** Shorter than this, a measure would swing with every request: no speed is said yet. */
export const MIN_SPEED_SPAN_MS = 1000;

type Phase = 'sending' | 'retrying' | 'offline' | 'reconnecting';

export type UploadState = {
  progress: UploadProgressValue;
  phase: Phase;
  /** Recent (time, bytes sent) pairs, oldest first, for the speed. */
  samples: Array<{ at: number; sent: number }>;
};

const idle = (total: number): UploadState => ({
  progress: { sent: 0, total, bytesPerSecond: null, secondsLeft: null, notice: null, isWaiting: false },
  phase: 'sending',
  samples: [],
});

/** Waiting for the connection: nothing is measured until bytes flow again. */
const waiting = (state: UploadState, phase: Phase, notice: string): UploadState => ({
  phase,
  samples: [],
  progress: { ...state.progress, bytesPerSecond: null, secondsLeft: null, notice, isWaiting: true },
});

const measured = (state: UploadState, sent: number, total: number, at: number): UploadState => {
  const last = state.samples.at(-1);
  // Bytes in flight when a request was cut are sent again: the measure starts over from there.
  const kept =
    last && last.sent <= sent ? state.samples.filter((sample) => at - sample.at <= SPEED_WINDOW_MS) : [];
  const samples = [...kept, { at, sent }];
  const first = samples[0] ?? { at, sent };
  const span = at - first.at;
  const bytesPerSecond = span >= MIN_SPEED_SPAN_MS ? ((sent - first.sent) * 1000) / span : null;
  const secondsLeft = bytesPerSecond ? Math.max(0, total - sent) / bytesPerSecond : null;
  return {
    ...state,
    samples,
    progress: { ...state.progress, sent, total, bytesPerSecond, secondsLeft, isWaiting: false },
  };
};

/**
 * The upload's state after one of its signals, at `at` milliseconds: bytes, speed over the last
 * seconds, time left at that speed, and what the connection is doing, said in words (a dropped
 * connection, a retry, and where it resumed).
 */
export const nextUploadState = (state: UploadState | null, signal: UploadSignal, at: number): UploadState => {
  if (signal.type === 'start') return idle(signal.total);
  const current = state ?? idle(0);
  switch (signal.type) {
    case 'offline':
      return waiting(current, 'offline', UPLOAD_MSG.connectionLost);
    case 'online':
      return current.phase === 'offline' ? waiting(current, 'reconnecting', UPLOAD_MSG.backOnline) : current;
    case 'retry':
      // Offline, the retry waits for the connection: saying so is more use than "trying again".
      return current.phase === 'offline'
        ? current
        : waiting(current, 'retrying', UPLOAD_MSG.connectionInterrupted);
    case 'progress': {
      if (current.phase === 'sending') return measured(current, signal.sent, signal.total, at);
      // The first bytes after a drop: where the upload carries on from, the server's offset.
      const resumed = { ...current, phase: 'sending' as const, samples: [] };
      const next = measured(resumed, signal.sent, signal.total, at);
      const notice = UPLOAD_MSG.resumedAt(percentSent(signal.sent, signal.total));
      return { ...next, progress: { ...next.progress, notice } };
    }
  }
};
