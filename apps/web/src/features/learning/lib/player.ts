import {
  type CaptionTrack,
  type LessonVideo,
  MAX_PLAYBACK_RATE,
  PLAYBACK_SPEEDS,
} from '@skillwise/contracts';
import { type MessageId, t } from '@/lib/i18n/i18n';

/** What the player plays: the HLS master playlist when the streaming copies are ready, else the file. */
export type PlaybackSource = { kind: 'hls'; url: string } | { kind: 'file'; url: string };

/**
 * The streaming copies when they are ready and named (docs/decisions/043); the original file otherwise
 * (still processing, failed, off, or an answer from a server without them), exactly as before them.
 */
export const playbackSource = (
  src: string,
  video: LessonVideo | null | undefined,
  useFile = false,
): PlaybackSource =>
  !useFile && video?.state === 'ready' && video.stream_url
    ? { kind: 'hls', url: video.stream_url }
    : { kind: 'file', url: src };

export const DEFAULT_SPEED = 1;

/** A speed the player offers, or null: a stored value is read back through this. */
export const parseSpeed = (value: string | null | undefined): number | null => {
  const speed = Number(value);
  return (PLAYBACK_SPEEDS as readonly number[]).includes(speed) ? speed : null;
};

/** The next offered speed up (`1`) or down (`-1`), staying at either end; never above what is credited. */
export const stepSpeed = (current: number, direction: 1 | -1): number => {
  const speeds = PLAYBACK_SPEEDS.filter((speed) => speed <= MAX_PLAYBACK_RATE);
  if (direction > 0)
    return speeds.find((speed) => speed > current + 1e-9) ?? speeds[speeds.length - 1] ?? current;
  return [...speeds].reverse().find((speed) => speed < current - 1e-9) ?? speeds[0] ?? current;
};

export const speedLabel = (speed: number) => `${speed}x`;

/**
 * The captions shown when a lesson opens: for the first of the reader's languages (navigator.languages,
 * in their order) that any track has, the track of its exact tag (`pt-BR`), else of its primary language
 * (`pt`), else of another region of it (`pt-PT` for `pt-BR`, `fr-CA` for `fr`). None when no track is in
 * a language they read.
 */
export const defaultCaption = (
  captions: readonly CaptionTrack[],
  languages: readonly string[],
): CaptionTrack | null => {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';
  for (const language of languages) {
    const tag = language.toLowerCase();
    const match =
      captions.find((track) => track.language.toLowerCase() === tag) ??
      captions.find((track) => track.language.toLowerCase() === primary(tag)) ??
      captions.find((track) => primary(track.language) === primary(tag));
    if (match) return match;
  }
  return null;
};

/** A `srcset` ("url 320w, url 640w") as its widths, narrowest first. */
export const parseSrcset = (srcset: string | null | undefined): Array<{ url: string; width: number }> =>
  (srcset ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .map(([url, descriptor]) => ({ url: url ?? '', width: Number.parseInt(descriptor ?? '', 10) }))
    .filter((entry) => entry.url !== '' && entry.width > 0)
    .sort((a, b) => a.width - b.width);

/**
 * The poster for a player `cssWidth` pixels wide on a screen of `pixelRatio`: the narrowest width that
 * fills it, else the widest there is; the largest poster when no srcset was given.
 */
export const posterFor = (
  video: Pick<LessonVideo, 'poster_url' | 'poster_srcset'> | null | undefined,
  cssWidth: number,
  pixelRatio = 1,
): string | undefined => {
  const widths = parseSrcset(video?.poster_srcset);
  const needed = cssWidth * pixelRatio;
  const fits = widths.find((entry) => entry.width >= needed) ?? widths[widths.length - 1];
  return fits?.url ?? video?.poster_url ?? undefined;
};

/** The quality menu's entries: Auto, then each distinct height, highest first ("720p"). */
export const qualityOptions = (levels: ReadonlyArray<{ height: number }>) => {
  const seen = new Set<number>();
  const options: Array<{ level: number; label: string }> = [];
  levels
    .map((level, index) => ({ level: index, height: level.height }))
    .sort((a, b) => b.height - a.height)
    .forEach(({ level, height }) => {
      if (!(height > 0) || seen.has(height)) return;
      seen.add(height);
      options.push({ level, label: `${height}p` });
    });
  return [{ level: -1, label: t('site.learning.player.auto') }, ...options];
};

export type ShortcutAction =
  | 'toggle-play'
  | 'back'
  | 'forward'
  | 'back-short'
  | 'forward-short'
  | 'mute'
  | 'fullscreen'
  | 'captions'
  | 'faster'
  | 'slower'
  | 'picture-in-picture';

/**
 * The keyboard shortcuts, as the player's help lists them: the keys (a catalogue key when they hold a
 * word) and what they do.
 */
export const SHORTCUTS: ReadonlyArray<{ keys: string; keysText?: MessageId; action: MessageId }> = [
  { keys: 'Space or K', keysText: 'site.learning.player.keys.play', action: 'site.learning.player.do.play' },
  { keys: 'J / L', action: 'site.learning.player.do.seekLong' },
  { keys: '← / →', action: 'site.learning.player.do.seekShort' },
  { keys: 'M', action: 'site.learning.player.do.mute' },
  { keys: 'F', action: 'site.learning.player.do.fullscreen' },
  { keys: 'C', action: 'site.learning.player.do.captions' },
  { keys: 'Shift + > / Shift + <', action: 'site.learning.player.do.speed' },
  { keys: 'P', action: 'site.learning.player.pip' },
];

/** How far each seeking shortcut moves, in seconds. */
export const SEEK_SECONDS: Partial<Record<ShortcutAction, number>> = {
  back: -10,
  forward: 10,
  'back-short': -5,
  'forward-short': 5,
};

const KEY_ACTIONS: Record<string, ShortcutAction> = {
  ' ': 'toggle-play',
  k: 'toggle-play',
  j: 'back',
  l: 'forward',
  ArrowLeft: 'back-short',
  ArrowRight: 'forward-short',
  m: 'mute',
  f: 'fullscreen',
  c: 'captions',
  '>': 'faster',
  '<': 'slower',
  p: 'picture-in-picture',
};

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'> & {
  target: EventTarget | null;
};

/** Where keys are the reader's own: text they type, a list they choose in, a box they edit. */
const ownsKeys = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
};

/** Where Space and Enter press what has focus (a button, the help's summary). */
const pressesKeys = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('button, summary, a[href]') !== null;

/**
 * The shortcut a key press inside the player means, or null: none with Ctrl, Cmd or Alt (the browser's
 * own), none in a form field, and Space or Enter still press a focused button.
 */
export const shortcutFor = (event: KeyEventLike): ShortcutAction | null => {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (ownsKeys(event.target)) return null;
  if ((event.key === ' ' || event.key === 'Enter') && pressesKeys(event.target)) return null;
  const key = event.key.length === 1 && event.key !== ' ' ? event.key.toLowerCase() : event.key;
  return KEY_ACTIONS[key] ?? null;
};
