import Uppy from '@uppy/core';
import type { TusDetailedError } from '@uppy/tus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MSG } from '@/config/messages';
import { reportUploads, tusUploadOptions } from './resumable-upload';
import { nextUploadState, type UploadSignal, type UploadState } from './upload-progress';

const MB = 1024 * 1024;

/** The state after each signal in turn, each at its own time in milliseconds. */
const run = (steps: Array<[number, UploadSignal]>) =>
  steps.reduce<UploadState | null>((state, [at, signal]) => nextUploadState(state, signal, at), null);

describe('an upload as the publisher follows it', () => {
  it('says the bytes sent of the total, the speed over the last seconds and the time left', () => {
    const state = run([
      [0, { type: 'start', total: 100 * MB }],
      [100, { type: 'progress', sent: 1 * MB, total: 100 * MB }],
      [600, { type: 'progress', sent: 2 * MB, total: 100 * MB }],
    ]);
    // Half a second is too short to tell a speed.
    expect(state?.progress).toMatchObject({
      sent: 2 * MB,
      total: 100 * MB,
      bytesPerSecond: null,
      secondsLeft: null,
    });

    const later = run([
      [0, { type: 'start', total: 100 * MB }],
      [1000, { type: 'progress', sent: 10 * MB, total: 100 * MB }],
      [3000, { type: 'progress', sent: 14 * MB, total: 100 * MB }],
    ]);
    expect(later?.progress.bytesPerSecond).toBe(2 * MB);
    expect(later?.progress.secondsLeft).toBe(43);
    expect(later?.progress.notice).toBeNull();
  });

  it('measures over the last five seconds only, so the speed follows the connection', () => {
    const state = run([
      [0, { type: 'start', total: 100 * MB }],
      [0, { type: 'progress', sent: 0, total: 100 * MB }],
      [2000, { type: 'progress', sent: 20 * MB, total: 100 * MB }],
      [8000, { type: 'progress', sent: 22 * MB, total: 100 * MB }],
      [10_000, { type: 'progress', sent: 24 * MB, total: 100 * MB }],
    ]);
    // From 8 s to 10 s: 2 MB in 2 s, not the fast start.
    expect(state?.progress.bytesPerSecond).toBe(1 * MB);
    expect(state?.progress.secondsLeft).toBe(76);
  });

  it('says when the connection is lost, when it is back, and where the upload resumed', () => {
    const start: Array<[number, UploadSignal]> = [
      [0, { type: 'start', total: 200 * MB }],
      [1000, { type: 'progress', sent: 40 * MB, total: 200 * MB }],
      [3000, { type: 'progress', sent: 90 * MB, total: 200 * MB }],
    ];
    const offline = run([...start, [3100, { type: 'offline' }], [3200, { type: 'retry' }]]);
    expect(offline?.progress).toMatchObject({
      notice: UPLOAD_MSG.connectionLost,
      isWaiting: true,
      bytesPerSecond: null,
      secondsLeft: null,
    });
    expect(UPLOAD_MSG.connectionLost).toBe(
      'Connection lost — the upload will resume when you are back online.',
    );

    const back = run([...start, [3100, { type: 'offline' }], [9000, { type: 'online' }]]);
    expect(back?.progress).toMatchObject({ notice: UPLOAD_MSG.backOnline, isWaiting: true });

    // The server kept 86 MB of the 90 sent: the upload carries on from there.
    const resumed = run([
      ...start,
      [3100, { type: 'offline' }],
      [9000, { type: 'online' }],
      [9500, { type: 'progress', sent: 86 * MB, total: 200 * MB }],
    ]);
    expect(resumed?.progress).toMatchObject({ sent: 86 * MB, notice: 'Resumed at 43%.', isWaiting: false });
    // The speed is measured afresh from the resumed offset, not across the time offline.
    expect(resumed?.progress.bytesPerSecond).toBeNull();
    const going = nextUploadState(resumed, { type: 'progress', sent: 96 * MB, total: 200 * MB }, 11_500);
    expect(going.progress).toMatchObject({ bytesPerSecond: 5 * MB, notice: 'Resumed at 43%.' });
  });

  it('says a request is tried again while online, and resumes as after a drop', () => {
    const retrying = run([
      [0, { type: 'start', total: 10 * MB }],
      [500, { type: 'progress', sent: 8 * MB, total: 10 * MB }],
      [700, { type: 'retry' }],
    ]);
    expect(retrying?.progress).toMatchObject({
      notice: 'Connection interrupted — trying again…',
      isWaiting: true,
    });
    // Coming online without having been offline changes nothing.
    expect(nextUploadState(retrying, { type: 'online' }, 800)).toBe(retrying);
    const resumed = nextUploadState(retrying, { type: 'progress', sent: 8 * MB, total: 10 * MB }, 1500);
    expect(resumed.progress.notice).toBe('Resumed at 80%.');
  });

  it('starts afresh for the next upload', () => {
    const state = run([
      [0, { type: 'start', total: 10 * MB }],
      [100, { type: 'offline' }],
      [200, { type: 'start', total: 20 * MB }],
    ]);
    expect(state?.progress).toEqual({
      sent: 0,
      total: 20 * MB,
      bytesPerSecond: null,
      secondsLeft: null,
      notice: null,
      isWaiting: false,
    });
  });
});

describe("the upload client's retries", () => {
  afterEach(() => vi.restoreAllMocks());

  const error = new Error('network') as TusDetailedError;
  const retryOf = (onSignal: (signal: UploadSignal) => void) =>
    tusUploadOptions('token', ['name'], onSignal).onShouldRetry;

  it('are told as a retry while online, and as the connection lost while offline', () => {
    const signals: UploadSignal[] = [];
    const onShouldRetry = retryOf((signal) => signals.push(signal));
    expect(onShouldRetry(error, 0, {}, () => true)).toBe(true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(onShouldRetry(error, 1, {}, () => true)).toBe(true);
    expect(signals).toEqual([{ type: 'retry' }, { type: 'offline' }]);
  });

  it('say nothing when the client gives up (a refusal, or no retries left)', () => {
    const signals: UploadSignal[] = [];
    expect(retryOf((signal) => signals.push(signal))(error, 3, {}, () => false)).toBe(false);
    expect(signals).toEqual([]);
  });
});

describe('an Uppy instance’s uploads, as the bulk panel reports them', () => {
  it('are the bytes of all its files together, and the browser going off and back online', () => {
    const uppy = new Uppy();
    const signals: UploadSignal[] = [];
    reportUploads(uppy, (signal) => signals.push(signal));
    const ids = [300, 700].map((size, index) =>
      uppy.addFile({
        name: `lesson-${index}.pdf`,
        type: 'application/pdf',
        data: new Blob(['x'.repeat(size)]),
      }),
    );
    const sent = [120, 350];
    ids.forEach((id, index) => {
      const file = uppy.getFile(id);
      uppy.setFileState(id, {
        progress: {
          ...file.progress,
          uploadStarted: 1,
          bytesUploaded: sent[index] ?? 0,
          bytesTotal: file.size,
        },
      });
    });
    const first = uppy.getFile(ids[0] ?? '');
    uppy.emit('upload-progress', first, { uploadStarted: 1, bytesUploaded: 120, bytesTotal: 300 });
    uppy.emit('is-offline');
    uppy.emit('back-online');
    expect(signals).toEqual([
      { type: 'progress', sent: 470, total: 1000 },
      { type: 'offline' },
      { type: 'online' },
    ]);
    uppy.destroy();
  });
});
