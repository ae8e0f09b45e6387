import type { LessonVideo } from '@skillwise/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { VideoPlayer } from './video-player';

type Listener = (event: string, data: unknown) => void;

/** hls.js as the player drives it: the last one made, its listeners and what it was asked. */
const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as Array<{
    config: Record<string, unknown>;
    listeners: Map<string, (event: string, data: unknown) => void>;
    source: string | null;
    currentLevel: number;
    destroyed: boolean;
    emit: (event: string, data: unknown) => void;
  }>,
}));

vi.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { MANIFEST_PARSED: 'manifestParsed', LEVEL_SWITCHED: 'levelSwitched', ERROR: 'error' };
    static ErrorTypes = {
      NETWORK_ERROR: 'networkError',
      MEDIA_ERROR: 'mediaError',
      OTHER_ERROR: 'otherError',
    };
    static isSupported = () => hls.supported;
    listeners = new Map<string, Listener>();
    source: string | null = null;
    currentLevel = -1;
    destroyed = false;
    levels: Array<{ height: number }> = [];
    bandwidthEstimate = 0;
    constructor(public config: Record<string, unknown>) {
      hls.instances.push(this);
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener);
    }
    emit(event: string, data: unknown) {
      this.listeners.get(event)?.(event, data);
    }
    attachMedia() {}
    loadSource(url: string) {
      this.source = url;
    }
    recoverMediaError() {}
    destroy() {
      this.destroyed = true;
    }
  }
  return { default: FakeHls };
});

const FILE = '/api/media/lessons/5?expires=99999999999&signature=f';
const STREAM = '/api/media/streams/5/master.m3u8?expires=99999999999&signature=s';

const ready = (fields: Partial<LessonVideo> = {}): LessonVideo => ({
  state: 'ready',
  progress: null,
  error: null,
  stream_url: STREAM,
  poster_url: '/p/1280.jpg',
  poster_srcset: '/p/320.jpg 320w, /p/640.jpg 640w, /p/1280.jpg 1280w',
  captions: [],
  ...fields,
});

const player = (video: LessonVideo | null | undefined, onFailure = vi.fn(), renewed = false) =>
  render(
    <VideoPlayer
      title="Tying a bowline"
      src={FILE}
      video={video}
      onPlay={() => undefined}
      onFailure={onFailure}
      onLoadedMetadata={() => undefined}
      renewed={renewed}
    />,
  );

const videoElement = () => screen.getByLabelText('Tying a bowline') as HTMLVideoElement;

beforeEach(() => {
  hls.supported = true;
  hls.instances.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'languages');
});

/** The reader's languages, as their browser lists them. */
const readerReads = (languages: string[]) =>
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });

describe('VideoPlayer: what plays', () => {
  it.each([
    ['processing', ready({ state: 'processing', progress: 40, stream_url: null })],
    ['failed', ready({ state: 'failed', error: 'no video stream', stream_url: null })],
    ['off', ready({ state: 'off', stream_url: null })],
    ['no video field', undefined],
  ])('plays the original file when %s, as before streaming copies', async (_name, video) => {
    player(video);
    expect(videoElement().getAttribute('src')).toBe(FILE);
    await act(async () => undefined);
    expect(hls.instances).toHaveLength(0);
    expect(screen.queryByLabelText('Video quality')).toBeNull();
  });

  it('plays a ready stream through hls.js as the page’s policy allows, with a quality choice', async () => {
    player(ready());
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const instance = hls.instances[0];
    expect(instance?.source).toBe(STREAM);
    expect(instance?.config).toMatchObject({
      enableWorker: false,
      capLevelToPlayerSize: true,
      startLevel: -1,
      // No first fragment loaded only to measure the line (docs/decisions/043).
      testBandwidth: false,
    });
    expect(videoElement().getAttribute('src')).toBeNull();
    act(() => instance?.emit('manifestParsed', { levels: [{ height: 360 }, { height: 720 }] }));
    const quality = screen.getByLabelText('Video quality') as HTMLSelectElement;
    expect(Array.from(quality.options).map((option) => option.text)).toEqual(['Auto', '720p', '360p']);
    fireEvent.change(quality, { target: { value: '1' } });
    expect(instance?.currentLevel).toBe(1);
  });

  it('asks for fresh URLs when the playlist is refused, and plays the file where hls.js cannot play', async () => {
    const onFailure = vi.fn();
    player(ready(), onFailure);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    act(() =>
      hls.instances[0]?.emit('error', { fatal: true, type: 'networkError', details: 'manifestLoadError' }),
    );
    expect(onFailure).toHaveBeenCalledWith(videoElement());

    act(() =>
      hls.instances[0]?.emit('error', { fatal: true, type: 'otherError', details: 'internalException' }),
    );
    await waitFor(() => expect(videoElement().getAttribute('src')).toBe(FILE));
    expect(hls.instances[0]?.destroyed).toBe(true);
  });

  it('plays the file when the stream still cannot be read with fresh URLs', async () => {
    const onFailure = vi.fn();
    player(ready(), onFailure, true);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    act(() =>
      hls.instances[0]?.emit('error', { fatal: true, type: 'networkError', details: 'fragLoadError' }),
    );
    await waitFor(() => expect(videoElement().getAttribute('src')).toBe(FILE));
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('asks for fresh URLs again when a renewed stream that played fails later', async () => {
    const onFailure = vi.fn();
    player(ready(), onFailure, true);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    fireEvent.loadedMetadata(videoElement());
    act(() =>
      hls.instances[0]?.emit('error', { fatal: true, type: 'networkError', details: 'fragLoadError' }),
    );
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(videoElement().getAttribute('src')).toBeNull();
  });

  it('plays the file in a browser without Media Source Extensions', async () => {
    hls.supported = false;
    player(ready());
    await waitFor(() => expect(videoElement().getAttribute('src')).toBe(FILE));
  });

  it('shows the poster the player’s width needs', () => {
    player(ready());
    // jsdom lays nothing out: a player 0 px wide takes the narrowest.
    expect(videoElement().getAttribute('poster')).toBe('/p/320.jpg');
  });
});

describe('VideoPlayer: speed', () => {
  it('remembers the speed chosen, for the next lesson', async () => {
    const first = player(undefined);
    fireEvent.change(screen.getByLabelText('Playback speed'), { target: { value: '1.5' } });
    expect(videoElement().playbackRate).toBe(1.5);
    expect(storage.getPlaybackSpeed()).toBe('1.5');
    first.unmount();

    player(ready({ state: 'off', stream_url: null }));
    expect((screen.getByLabelText('Playback speed') as HTMLSelectElement).value).toBe('1.5');
    fireEvent.loadedMetadata(videoElement());
    expect(videoElement().playbackRate).toBe(1.5);
  });

  it('ignores a stored speed it does not offer', () => {
    storage.setPlaybackSpeed(16);
    player(undefined);
    expect((screen.getByLabelText('Playback speed') as HTMLSelectElement).value).toBe('1');
  });
});

describe('VideoPlayer: captions and shortcuts', () => {
  const captions = [
    { language: 'en', label: 'English', url: '/c/en.vtt' },
    { language: 'fr', label: 'Français', url: '/c/fr.vtt' },
  ];

  it('adds a subtitles track per language, the reader’s own on by default', () => {
    readerReads(['fr-FR', 'en']);
    player(ready({ captions }));
    const tracks = Array.from(videoElement().querySelectorAll('track'));
    expect(tracks.map((track) => [track.kind, track.srclang, track.label, track.default])).toEqual([
      ['subtitles', 'en', 'English', false],
      ['subtitles', 'fr', 'Français', true],
    ]);
    const menu = screen.getByLabelText('Captions') as HTMLSelectElement;
    expect(menu.value).toBe('fr');
    expect(Array.from(menu.options).map((option) => option.text)).toEqual(['Off', 'English', 'Français']);
  });

  it('answers its shortcuts while it has focus, and keeps Space for its buttons and keys for its menus', () => {
    readerReads(['en']);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    player(ready({ captions, state: 'off', stream_url: null }));
    const video = videoElement();

    fireEvent.keyDown(video, { key: 'k' });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(video, { key: 'm' });
    expect(video.muted).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Muted');

    fireEvent.keyDown(video, { key: '>', shiftKey: true });
    expect(video.playbackRate).toBe(1.25);
    expect(storage.getPlaybackSpeed()).toBe('1.25');
    fireEvent.keyDown(video, { key: '<', shiftKey: true });
    fireEvent.keyDown(video, { key: '<', shiftKey: true });
    expect(video.playbackRate).toBe(0.75);

    Object.defineProperty(video, 'duration', { value: 100, configurable: true });
    video.currentTime = 50;
    fireEvent.keyDown(video, { key: 'l' });
    expect(video.currentTime).toBe(60);
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(55);

    const menu = screen.getByLabelText('Captions') as HTMLSelectElement;
    expect(menu.value).toBe('en');
    fireEvent.keyDown(video, { key: 'c' });
    expect(menu.value).toBe('');
    fireEvent.keyDown(video, { key: 'c' });
    expect(menu.value).toBe('en');

    // In its own menu, keys choose: nothing plays, mutes or seeks.
    fireEvent.keyDown(menu, { key: 'k' });
    fireEvent.keyDown(screen.getByText('Keyboard shortcuts'), { key: ' ' });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('lists its shortcuts in a disclosure, and hides picture in picture where the browser has none', () => {
    player(undefined);
    expect(screen.getByText('Keyboard shortcuts').tagName).toBe('SUMMARY');
    expect(screen.getByText('Play or pause')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Picture in picture' })).toBeNull();
  });
});
