import type { LessonVideo } from '@skillwise/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  isUrlExpired,
  type PlayableMedia,
  signedUrlExpiry,
  useFreshContentUrl,
} from './use-fresh-content-url';

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const signed = (lessonId: number, expires: number, signature = 'abc') =>
  `/api/media/lessons/${lessonId}?viewer=2&expires=${expires}&signature=${signature}`;

const media = (currentTime: number, paused: boolean) => {
  const play = vi.fn(() => Promise.resolve());
  const element = { currentTime, paused, play } as unknown as PlayableMedia & { play: typeof play };
  return element;
};

describe('signed URL expiry', () => {
  it('reads ?expires= (seconds) and treats a URL without it as not expiring', () => {
    expect(signedUrlExpiry(signed(1, 1_800_000_000))).toBe(1_800_000_000_000);
    expect(signedUrlExpiry('/samples/sample-lesson.mp4')).toBeNull();
    expect(isUrlExpired('/samples/sample-lesson.mp4')).toBe(false);
  });

  it('counts a URL about to expire as expired', () => {
    expect(isUrlExpired(signed(1, inSeconds(-60)))).toBe(true);
    expect(isUrlExpired(signed(1, inSeconds(10)))).toBe(true);
    expect(isUrlExpired(signed(1, inSeconds(3600)))).toBe(false);
  });
});

describe('useFreshContentUrl', () => {
  it('asks about a locked lesson and keeps the server’s word on why it is refused', async () => {
    const refusal = 'This lesson opens on January 15, 2027 at 12:00 AM UTC.';
    const fetchFreshUrl = vi.fn(async () => {
      throw new ApiError(refusal, { status: 403, code: 'FORBIDDEN' });
    });
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 9, url: null, fetchFreshUrl, askFirst: true }),
    );
    expect(result.current.status).toBe('refreshing');
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.refusal).toBe(refusal);
    expect(fetchFreshUrl).toHaveBeenCalledWith(9);
  });

  it('uses the URL it was given while it is valid, asking for nothing', () => {
    const fetchFreshUrl = vi.fn(async () => 'fresh');
    const url = signed(4, inSeconds(3600));
    const { result } = renderHook(() => useFreshContentUrl({ lessonId: 4, url, fetchFreshUrl }));
    expect(result.current.src).toBe(url);
    expect(result.current.status).toBe('ready');
    expect(fetchFreshUrl).not.toHaveBeenCalled();
  });

  it('replaces an expired URL before it is used', async () => {
    const fresh = signed(4, inSeconds(3600), 'new');
    const fetchFreshUrl = vi.fn(async () => fresh);
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 4, url: signed(4, inSeconds(-5)), fetchFreshUrl }),
    );
    expect(result.current.src).toBeNull();
    expect(result.current.status).toBe('refreshing');
    await waitFor(() => expect(result.current.src).toBe(fresh));
    expect(fetchFreshUrl).toHaveBeenCalledWith(4);
    expect(result.current.status).toBe('ready');
  });

  it('asks for a fresh URL when the video fails and resumes it at the same time, playing', async () => {
    const fresh = signed(5, inSeconds(7200), 'new');
    const fetchFreshUrl = vi.fn(async () => fresh);
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 5, url: signed(5, inSeconds(3600)), fetchFreshUrl }),
    );

    expect(result.current.version).toBe(0);
    await act(() => result.current.reportFailure(media(42.5, false)));
    expect(result.current.src).toBe(fresh);
    expect(result.current.version).toBe(1);

    // The element reloads from the new URL and starts again at 0 until its metadata arrives.
    const reloaded = media(0, true);
    act(() => result.current.handleLoadedMetadata(reloaded));
    expect(reloaded.currentTime).toBe(42.5);
    expect(reloaded.play).toHaveBeenCalledTimes(1);
  });

  it('resumes a paused video without playing it', async () => {
    const fetchFreshUrl = vi.fn(async () => 'fresh');
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 5, url: signed(5, inSeconds(3600)), fetchFreshUrl }),
    );
    await act(() => result.current.reportFailure(media(12, true)));
    const reloaded = media(0, true);
    act(() => result.current.handleLoadedMetadata(reloaded));
    expect(reloaded.currentTime).toBe(12);
    expect(reloaded.play).not.toHaveBeenCalled();
  });

  it('renews the element even when the fresh URL is the same as before', async () => {
    const url = signed(5, inSeconds(3600));
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 5, url, fetchFreshUrl: async () => url }),
    );
    await act(() => result.current.reportFailure());
    expect(result.current.src).toBe(url);
    expect(result.current.version).toBe(1);
  });

  it('asks once for simultaneous failures', async () => {
    const fetchFreshUrl = vi.fn(async () => 'fresh');
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 6, url: signed(6, inSeconds(3600)), fetchFreshUrl }),
    );
    await act(() => Promise.all([result.current.reportFailure(), result.current.reportFailure()]));
    expect(fetchFreshUrl).toHaveBeenCalledTimes(1);
  });

  it('gives up when fresh URLs keep failing, and tries again on retry', async () => {
    const fetchFreshUrl = vi.fn(async () => 'fresh');
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 7, url: signed(7, inSeconds(3600)), fetchFreshUrl }),
    );
    await act(() => result.current.reportFailure());
    await act(() => result.current.reportFailure());
    await act(() => result.current.reportFailure());
    expect(fetchFreshUrl).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe('failed');

    await act(() => result.current.retry());
    expect(fetchFreshUrl).toHaveBeenCalledTimes(3);
    expect(result.current.status).toBe('ready');
  });

  it('keeps asking after a successful load in between', async () => {
    const fetchFreshUrl = vi.fn(async () => 'fresh');
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 7, url: signed(7, inSeconds(3600)), fetchFreshUrl }),
    );
    for (let round = 0; round < 4; round += 1) {
      await act(() => result.current.reportFailure());
      act(() => result.current.handleLoaded());
    }
    expect(fetchFreshUrl).toHaveBeenCalledTimes(4);
    expect(result.current.status).toBe('ready');
  });

  it('fails when the server refuses a fresh URL', async () => {
    const fetchFreshUrl = vi.fn(async () => {
      throw new Error('Lesson not found.');
    });
    const { result } = renderHook(() =>
      useFreshContentUrl({ lessonId: 8, url: signed(8, inSeconds(3600)), fetchFreshUrl }),
    );
    await act(() => result.current.reportFailure());
    expect(result.current.status).toBe('failed');
  });

  it('starts afresh for another lesson and ignores a late answer for the previous one', async () => {
    let answer: (url: string) => void = () => undefined;
    const fetchFreshUrl = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    );
    const first = signed(1, inSeconds(3600));
    const second = signed(2, inSeconds(3600));
    const { result, rerender } = renderHook(
      ({ lessonId, url }) => useFreshContentUrl({ lessonId, url, fetchFreshUrl }),
      { initialProps: { lessonId: 1, url: first } },
    );
    act(() => {
      void result.current.reportFailure(media(30, false));
    });
    rerender({ lessonId: 2, url: second });
    expect(result.current.src).toBe(second);

    await act(async () => answer('late for lesson 1'));
    expect(result.current.src).toBe(second);
    expect(result.current.status).toBe('ready');

    // Nothing to resume in the new lesson.
    const loaded = media(0, true);
    act(() => result.current.handleLoadedMetadata(loaded));
    expect(loaded.currentTime).toBe(0);
  });

  it('takes a fresh stream URL with the fresh file URL, and asks first when the stream’s has expired', async () => {
    const stream = (expires: number, signature = 'abc') =>
      `/api/media/streams/3/master.m3u8?expires=${expires}&signature=${signature}`;
    const video = (url: string): LessonVideo => ({
      state: 'ready',
      progress: null,
      error: null,
      stream_url: url,
      poster_url: null,
      poster_srcset: null,
      captions: [],
    });
    const freshFile = signed(3, inSeconds(7200), 'new');
    const freshStream = stream(inSeconds(7200), 'new');
    const fetchFreshUrl = vi.fn(async () => ({ content_path: freshFile, video: video(freshStream) }));
    const { result } = renderHook(() =>
      useFreshContentUrl({
        lessonId: 3,
        url: signed(3, inSeconds(3600)),
        video: video(stream(inSeconds(-5))),
        fetchFreshUrl,
      }),
    );
    expect(result.current.status).toBe('refreshing');
    await waitFor(() => expect(result.current.video?.stream_url).toBe(freshStream));
    expect(result.current.src).toBe(freshFile);
    expect(fetchFreshUrl).toHaveBeenCalledTimes(1);

    // A bare URL (a caller that knows of files alone) keeps the video it had.
    fetchFreshUrl.mockImplementationOnce(async () => freshFile as never);
    await act(() => result.current.reportFailure(media(8, false)));
    expect(result.current.video?.stream_url).toBe(freshStream);
  });
});
