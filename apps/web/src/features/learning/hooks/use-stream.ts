import type { HlsConfig, default as HlsType } from 'hls.js/light';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** How a stream plays here: the browser itself (Safari), or hls.js over Media Source Extensions. */
export type StreamEngine = 'native' | 'hls.js';

/** Whether Media Source Extensions can play the streams' H.264 and AAC: then hls.js can. */
const hasMediaSource = (): boolean => {
  const source =
    (window as Window & { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? window.MediaSource;
  return source?.isTypeSupported?.('video/mp4; codecs="avc1.4d401f,mp4a.40.2"') === true;
};

let nativeHls: boolean | undefined;
/**
 * Whether the stream plays as the element's own `src`: in Safari (macOS and iOS: Apple's own HLS, with
 * AirPlay, and the only way on an iPhone without Media Source Extensions), and in any browser that plays
 * HLS but has no Media Source Extensions. Recent Chromium also answers `canPlayType` for HLS; it has
 * Media Source Extensions, so hls.js plays there, with the quality menu and a start measured on the line.
 */
export const playsHlsNatively = (): boolean => {
  if (nativeHls === undefined) {
    const canPlay =
      typeof document !== 'undefined' && document.createElement('video').canPlayType(HLS_TYPE) !== '';
    const safari = typeof window !== 'undefined' && 'WebKitPlaybackTargetAvailabilityEvent' in window;
    nativeHls = canPlay && (safari || !hasMediaSource());
  }
  return nativeHls;
};

/**
 * The bandwidth the last stream measured on this page, in bits per second: the next lesson starts at the
 * quality it allows rather than at hls.js's guess. Before any, the browser's own estimate when it has one.
 */
let measuredBandwidth: number | undefined;
const startEstimate = (): number | undefined => {
  if (measuredBandwidth) return measuredBandwidth;
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  return downlink && downlink > 0 ? downlink * 1_000_000 * 0.8 : undefined;
};

/** hls.js as the page's policy allows it (no blob: worker), starting at the level the bandwidth fits. */
const hlsConfig = (): Partial<HlsConfig> => {
  const estimate = startEstimate();
  return {
    enableWorker: false,
    // Automatic start at the level the estimate fits (the lowest without one), measured again on every
    // fragment. No bitrate test: hls.js would load a first fragment of the lowest level only to measure
    // and throw it away, a whole segment more before the first frame on a slow line (docs/decisions/043).
    startLevel: -1,
    testBandwidth: false,
    capLevelToPlayerSize: true,
    ...(estimate ? { abrEwmaDefaultEstimate: estimate } : {}),
  };
};

/** Loaded only when a video lesson's stream plays: its own chunk, never in the page's first bundle. */
const loadHls = () => import('hls.js/light').then((module) => module.default);

export type StreamLevel = { height: number };

type Options = {
  /** The master playlist; null plays no stream (the original file, set by the caller). */
  url: string | null;
  /** The playlist or a part of it was refused or is gone (an expired signed URL answers 404). */
  onNetworkFailure: () => void;
  /** The stream cannot play here (no Media Source Extensions, or media it cannot decode): play the file. */
  onUnplayable: () => void;
};

/**
 * Plays an HLS stream in `videoRef`: natively where the browser can (the caller sets `src`), else with
 * hls.js, loaded on first use. Answers the engine, the stream's quality levels (hls.js only) and the
 * chosen one (-1: automatic).
 */
export const useStream = (
  videoRef: RefObject<HTMLVideoElement | null>,
  { url, onNetworkFailure, onUnplayable }: Options,
) => {
  const engine: StreamEngine | null = url === null ? null : playsHlsNatively() ? 'native' : 'hls.js';
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [level, setLevelState] = useState(-1);
  const [autoHeight, setAutoHeight] = useState<number | null>(null);
  const hls = useRef<HlsType | null>(null);
  const failed = useRef(onNetworkFailure);
  failed.current = onNetworkFailure;
  const unplayable = useRef(onUnplayable);
  unplayable.current = onUnplayable;

  useEffect(() => {
    const video = videoRef.current;
    if (engine !== 'hls.js' || !url || !video) return;
    let alive = true;
    let instance: HlsType | null = null;
    setLevels([]);
    setLevelState(-1);
    loadHls().then(
      (Hls) => {
        if (!alive) return;
        if (!Hls.isSupported()) {
          unplayable.current();
          return;
        }
        instance = new Hls(hlsConfig());
        hls.current = instance;
        let recovered = false;
        instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(data.levels.map((entry) => ({ height: entry.height })));
        });
        instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
          setAutoHeight(instance?.levels[data.level]?.height ?? null);
        });
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
            failed.current();
          } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
            recovered = true;
            instance?.recoverMediaError();
          } else {
            unplayable.current();
          }
        });
        instance.attachMedia(video);
        instance.loadSource(url);
      },
      // The chunk could not be fetched (offline, or a new release replaced it): the file still plays.
      () => {
        if (alive) unplayable.current();
      },
    );
    return () => {
      alive = false;
      if (instance) {
        if (instance.bandwidthEstimate > 0) measuredBandwidth = instance.bandwidthEstimate;
        instance.destroy();
      }
      hls.current = null;
    };
  }, [engine, url, videoRef]);

  /** Chooses a quality level, or -1 for automatic. */
  const setLevel = useCallback((next: number) => {
    const instance = hls.current;
    if (!instance) return;
    instance.currentLevel = next;
    setLevelState(next);
  }, []);

  return { engine, levels, level, autoHeight, setLevel };
};
