import { type LessonVideo, MAX_PLAYBACK_RATE, PLAYBACK_SPEEDS } from '@skillwise/contracts';
import {
  type KeyboardEvent,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/drawn-icons';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { storage } from '@/lib/storage';
import type { MediaHandlers } from '../hooks/use-lesson-position';
import { useStream } from '../hooks/use-stream';
import {
  DEFAULT_SPEED,
  defaultCaption,
  parseSpeed,
  playbackSource,
  posterFor,
  qualityOptions,
  SEEK_SECONDS,
  SHORTCUTS,
  type ShortcutAction,
  shortcutFor,
  speedLabel,
  stepSpeed,
} from '../lib/player';

type VideoPlayerProps = {
  title: string;
  /** The original file's URL (signed). */
  src: string;
  /** The streaming copies, poster and captions (docs/decisions/043); none plays the file as it is. */
  video: LessonVideo | null | undefined;
  autoPlay?: boolean;
  onPlay: (event: SyntheticEvent<HTMLMediaElement>) => void;
  media?: MediaHandlers | undefined;
  /** The file or the stream failed to load (an expired signed URL): ask for fresh URLs. */
  onFailure: (element: HTMLVideoElement) => void;
  /** The URLs were renewed since the lesson opened: a stream that still cannot be read gives way to the file. */
  renewed?: boolean;
  /** The metadata arrived: put the video back where it was before a fresh URL. */
  onLoadedMetadata: (element: HTMLVideoElement) => void;
  className?: string | undefined;
};

const pipAvailable = () => typeof document !== 'undefined' && document.pictureInPictureEnabled === true;

const storedSpeed = () => parseSpeed(storage.getPlaybackSpeed()) ?? DEFAULT_SPEED;

const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];

/**
 * A video lesson's player (docs/decisions/043): the streaming copies when they are ready (natively in
 * Safari, else through hls.js, loaded then), the original file otherwise. Beside the browser's own
 * controls: speed (remembered in this browser), quality (hls.js), captions, picture in picture, and
 * keyboard shortcuts while the player has focus.
 */
export const VideoPlayer = ({
  title,
  src,
  video,
  autoPlay = false,
  onPlay,
  media,
  onFailure,
  onLoadedMetadata,
  renewed = false,
  className,
}: VideoPlayerProps) => {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const [useFile, setUseFile] = useState(false);
  const loaded = useRef(false);
  const source = playbackSource(src, video, useFile);
  const stream = useStream(videoRef, {
    url: source.kind === 'hls' ? source.url : null,
    onNetworkFailure: () => {
      // Fresh URLs did not help before anything loaded (a bucket that refuses the site's origin): the
      // original file plays. A stream that played and then failed (its URL expired) asks for fresh ones.
      if (renewed && !loaded.current) setUseFile(true);
      else if (videoRef.current) onFailure(videoRef.current);
    },
    onUnplayable: () => setUseFile(true),
  });
  const [speed, setSpeed] = useState(storedSpeed);
  const captions = video?.captions ?? [];
  const [initialCaption] = useState(() => defaultCaption(captions, readerLanguages())?.language ?? null);
  const [caption, setCaption] = useState<string | null>(initialCaption);
  const lastCaption = useRef<string | null>(initialCaption);
  const [pip, setPip] = useState(false);
  const [poster, setPoster] = useState<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  // The poster at the width the player is shown at, chosen before the first paint.
  useLayoutEffect(() => {
    const width = boxRef.current?.clientWidth ?? 0;
    setPoster(posterFor(video, width, window.devicePixelRatio || 1));
  }, [video]);

  // The captions chosen are shown, the others hidden (a track's mode, not its element, says so).
  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) {
      track.mode = caption !== null && track.language === caption ? 'showing' : 'disabled';
    }
  }, [caption]);

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const enter = () => setPip(true);
    const leave = () => setPip(false);
    element.addEventListener('enterpictureinpicture', enter);
    element.addEventListener('leavepictureinpicture', leave);
    return () => {
      element.removeEventListener('enterpictureinpicture', enter);
      element.removeEventListener('leavepictureinpicture', leave);
    };
  }, []);

  const applySpeed = (next: number) => {
    const element = videoRef.current;
    const clamped = Math.min(next, MAX_PLAYBACK_RATE);
    setSpeed(clamped);
    storage.setPlaybackSpeed(clamped);
    if (element) {
      element.defaultPlaybackRate = clamped;
      element.playbackRate = clamped;
    }
  };

  const chooseCaption = (language: string | null) => {
    setCaption(language);
    if (language !== null) lastCaption.current = language;
  };

  const togglePip = async () => {
    const element = videoRef.current;
    if (!element) return;
    try {
      if (document.pictureInPictureElement) await document.exitPictureInPicture();
      else await element.requestPictureInPicture();
    } catch {
      // Refused (no metadata yet, or the browser said no): the video stays where it is.
    }
  };

  const run = (action: ShortcutAction, element: HTMLVideoElement) => {
    const seek = SEEK_SECONDS[action];
    if (seek !== undefined) {
      const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY;
      element.currentTime = Math.min(Math.max(element.currentTime + seek, 0), end);
      return;
    }
    switch (action) {
      case 'toggle-play':
        if (element.paused) element.play().catch(() => undefined);
        else element.pause();
        return;
      case 'mute':
        element.muted = !element.muted;
        setAnnouncement(t(element.muted ? 'site.learning.player.muted' : 'site.learning.player.soundOn'));
        return;
      case 'fullscreen':
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void element.requestFullscreen?.().catch(() => undefined);
        return;
      case 'captions': {
        if (captions.length === 0) return;
        const next = caption !== null ? null : (lastCaption.current ?? captions[0]?.language ?? null);
        chooseCaption(next);
        setAnnouncement(
          next === null
            ? t('site.learning.player.captionsOff')
            : t('site.learning.player.captionsOn', {
                label: captions.find((track) => track.language === next)?.label ?? next,
              }),
        );
        return;
      }
      case 'faster':
      case 'slower': {
        const next = stepSpeed(speed, action === 'faster' ? 1 : -1);
        applySpeed(next);
        setAnnouncement(t('site.learning.player.speedNow', { speed: speedLabel(next) }));
        return;
      }
      case 'picture-in-picture':
        if (pipAvailable()) void togglePip();
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = videoRef.current;
    const action = shortcutFor(event);
    if (!element || action === null) return;
    event.preventDefault();
    run(action, element);
  };

  const quality = stream.engine === 'hls.js' && stream.levels.length > 1 ? qualityOptions(stream.levels) : [];

  return (
    // biome-ignore lint/a11y/useSemanticElements: a player, not a form: a fieldset's layout rules do not fit it
    <div
      role="group"
      aria-label={t('site.learning.player.group', { title })}
      onKeyDown={onKeyDown}
      className={cn('flex flex-col gap-2', className)}
    >
      <div ref={boxRef} className="aspect-video w-full overflow-hidden rounded-xl bg-slate-950">
        {/* biome-ignore lint/a11y/useMediaCaption: captions come as tracks below when the school attached any */}
        <video
          ref={videoRef}
          src={source.kind === 'file' || stream.engine === 'native' ? source.url : undefined}
          poster={poster}
          controls
          playsInline
          autoPlay={autoPlay}
          preload="metadata"
          aria-label={title}
          onPlay={(event) => onPlay(event)}
          // hls.js reports its own failures (useStream); the element's are the file's or Safari's stream's.
          onError={(event) => {
            if (stream.engine !== 'hls.js') onFailure(event.currentTarget);
          }}
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            loaded.current = true;
            element.defaultPlaybackRate = speed;
            element.playbackRate = speed;
            onLoadedMetadata(element);
            media?.onLoadedMetadata(event);
          }}
          onTimeUpdate={media?.onTimeUpdate}
          onPause={media?.onPause}
          onEnded={media?.onEnded}
          onRateChange={(event) => {
            media?.onRateChange(event);
            // The browser's own speed menu is remembered as the player's is.
            const chosen = parseSpeed(String(event.currentTarget.playbackRate));
            if (chosen !== null && chosen !== speed) {
              setSpeed(chosen);
              storage.setPlaybackSpeed(chosen);
            }
          }}
          className="size-full"
        >
          {captions.map((track) => (
            <track
              key={track.language}
              kind="subtitles"
              src={track.url}
              srcLang={track.language}
              label={track.label}
              default={track.language === initialCaption}
            />
          ))}
        </video>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
        <label htmlFor={`${id}-speed`} className="flex items-center gap-1.5">
          <span>{t('site.learning.player.speed')}</span>
          <Select
            id={`${id}-speed`}
            aria-label={t('site.learning.player.speedLabel')}
            value={String(speed)}
            onChange={(event) => applySpeed(Number(event.target.value))}
            className="w-28"
          >
            {PLAYBACK_SPEEDS.filter((option) => option <= MAX_PLAYBACK_RATE).map((option) => (
              <option key={option} value={String(option)}>
                {speedLabel(option)}
              </option>
            ))}
          </Select>
        </label>
        {quality.length > 0 ? (
          <label htmlFor={`${id}-quality`} className="flex items-center gap-1.5">
            <span>{t('site.learning.player.quality')}</span>
            <Select
              id={`${id}-quality`}
              aria-label={t('site.learning.player.qualityLabel')}
              value={String(stream.level)}
              onChange={(event) => stream.setLevel(Number(event.target.value))}
              className="w-40"
            >
              {quality.map((option) => (
                <option key={option.level} value={String(option.level)}>
                  {option.level === -1 && stream.level === -1 && stream.autoHeight
                    ? t('site.learning.player.autoHeight', { height: stream.autoHeight })
                    : option.label}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        {captions.length > 0 ? (
          <label htmlFor={`${id}-captions`} className="flex items-center gap-1.5">
            <span>{t('site.learning.player.captions')}</span>
            <Select
              id={`${id}-captions`}
              aria-label={t('site.learning.player.captions')}
              value={caption ?? ''}
              onChange={(event) => chooseCaption(event.target.value === '' ? null : event.target.value)}
              className="w-44"
            >
              <option value="">{t('site.learning.player.off')}</option>
              {captions.map((track) => (
                <option key={track.language} value={track.language}>
                  {track.label}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        {pipAvailable() ? (
          <Button variant="outline" aria-pressed={pip} onClick={() => void togglePip()}>
            {t('site.learning.player.pip')}
          </Button>
        ) : null}
        <details className="group basis-full sm:basis-auto">
          <summary className="inline-flex h-11 cursor-pointer list-none items-center gap-1 rounded-lg px-2 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            <ChevronDownIcon
              aria-hidden="true"
              className="size-4 rotate-[calc(-90deg*var(--inline-sign,1))] transition-transform group-open:rotate-0"
            />
            {t('site.learning.player.shortcuts')}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-xs">
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.keys} className="contents">
                <dt className="font-mono font-semibold text-slate-900">
                  {shortcut.keysText ? t(shortcut.keysText) : shortcut.keys}
                </dt>
                <dd className="text-slate-600">{t(shortcut.action)}</dd>
              </div>
            ))}
          </dl>
        </details>
        <span role="status" className="sr-only">
          {announcement}
        </span>
      </div>
    </div>
  );
};
