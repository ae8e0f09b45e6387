import type { LessonVideo } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultCaption,
  parseSpeed,
  playbackSource,
  posterFor,
  qualityOptions,
  shortcutFor,
  stepSpeed,
} from './player';

const video = (fields: Partial<LessonVideo>): LessonVideo => ({
  state: 'ready',
  progress: null,
  error: null,
  stream_url: '/api/media/streams/5/master.m3u8?expires=99999999999&signature=s',
  poster_url: '/p/1280.jpg',
  poster_srcset: '/p/320.jpg 320w, /p/640.jpg 640w, /p/1280.jpg 1280w',
  captions: [],
  ...fields,
});

describe('what plays', () => {
  const file = '/api/media/lessons/5?expires=99999999999&signature=f';

  it('plays the stream when its copies are ready', () => {
    expect(playbackSource(file, video({}))).toEqual({ kind: 'hls', url: video({}).stream_url });
  });

  it('plays the original file while processing, when failed or off, without a video field, or when told to', () => {
    for (const state of ['processing', 'failed', 'off'] as const) {
      expect(playbackSource(file, video({ state, stream_url: null }))).toEqual({ kind: 'file', url: file });
    }
    expect(playbackSource(file, video({ stream_url: null }))).toEqual({ kind: 'file', url: file });
    expect(playbackSource(file, undefined)).toEqual({ kind: 'file', url: file });
    expect(playbackSource(file, null)).toEqual({ kind: 'file', url: file });
    expect(playbackSource(file, video({}), true)).toEqual({ kind: 'file', url: file });
  });
});

describe('speeds', () => {
  it('reads back only a speed the player offers', () => {
    expect(parseSpeed('1.5')).toBe(1.5);
    expect(parseSpeed('0.75')).toBe(0.75);
    expect(parseSpeed('3')).toBeNull();
    expect(parseSpeed('fast')).toBeNull();
    expect(parseSpeed(null)).toBeNull();
  });

  it('steps up and down through the offered speeds, staying at either end', () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.75, -1)).toBe(0.75);
    // A speed set elsewhere moves to its neighbour.
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
  });
});

describe('default captions', () => {
  const tracks = [
    { language: 'en', label: 'English', url: '/c/en.vtt' },
    { language: 'pt-BR', label: 'Português (Brasil)', url: '/c/pt-br.vtt' },
    { language: 'fr-CA', label: 'Français (Canada)', url: '/c/fr-ca.vtt' },
  ];

  it('takes the first of the reader’s languages with a track, the exact tag first', () => {
    expect(defaultCaption(tracks, ['pt-BR', 'en'])?.language).toBe('pt-BR');
    expect(defaultCaption(tracks, ['de', 'en-GB', 'en'])?.language).toBe('en');
    expect(defaultCaption(tracks, ['PT-br'])?.language).toBe('pt-BR');
    // The reader's first language wins over an exact tag of a later one.
    expect(defaultCaption(tracks, ['fr-FR', 'en'])?.language).toBe('fr-CA');
    const both = [...tracks, { language: 'pt', label: 'Português', url: '/c/pt.vtt' }];
    expect(defaultCaption(both, ['pt-PT'])?.language).toBe('pt');
  });

  it('falls back to the primary language either way', () => {
    expect(defaultCaption(tracks, ['pt-PT'])?.language).toBe('pt-BR');
    expect(defaultCaption(tracks, ['fr'])?.language).toBe('fr-CA');
    expect(defaultCaption(tracks, ['en-US'])?.language).toBe('en');
  });

  it('shows none when no track is in a language the reader reads', () => {
    expect(defaultCaption(tracks, ['de', 'ja'])).toBeNull();
    expect(defaultCaption([], ['en'])).toBeNull();
  });
});

describe('poster and quality', () => {
  it('chooses the narrowest poster that fills the player, else the widest', () => {
    const v = video({});
    expect(posterFor(v, 300)).toBe('/p/320.jpg');
    expect(posterFor(v, 360, 2)).toBe('/p/1280.jpg');
    expect(posterFor(v, 600)).toBe('/p/640.jpg');
    expect(posterFor(v, 2000)).toBe('/p/1280.jpg');
    expect(posterFor(video({ poster_srcset: null }), 300)).toBe('/p/1280.jpg');
    expect(posterFor(null, 300)).toBeUndefined();
  });

  it('lists Auto, then each height once, highest first', () => {
    expect(qualityOptions([{ height: 360 }, { height: 720 }, { height: 540 }, { height: 720 }])).toEqual([
      { level: -1, label: 'Auto' },
      { level: 1, label: '720p' },
      { level: 2, label: '540p' },
      { level: 0, label: '360p' },
    ]);
  });
});

describe('keyboard shortcuts', () => {
  const on = (key: string, target: EventTarget | null = document.createElement('video'), extra = {}) =>
    shortcutFor({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...extra });

  it('maps the player’s keys', () => {
    expect(on(' ')).toBe('toggle-play');
    expect(on('k')).toBe('toggle-play');
    expect(on('K')).toBe('toggle-play');
    expect(on('j')).toBe('back');
    expect(on('l')).toBe('forward');
    expect(on('ArrowLeft')).toBe('back-short');
    expect(on('ArrowRight')).toBe('forward-short');
    expect(on('m')).toBe('mute');
    expect(on('f')).toBe('fullscreen');
    expect(on('c')).toBe('captions');
    expect(on('>')).toBe('faster');
    expect(on('<')).toBe('slower');
    expect(on('p')).toBe('picture-in-picture');
    expect(on('x')).toBeNull();
  });

  it('leaves the browser’s own combinations alone', () => {
    expect(on('k', undefined, { ctrlKey: true })).toBeNull();
    expect(on('l', undefined, { metaKey: true })).toBeNull();
    expect(on('f', undefined, { altKey: true })).toBeNull();
  });

  it('never takes keys from a form field, and lets Space press a focused button', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      expect(on('k', document.createElement(tag))).toBeNull();
      expect(on(' ', document.createElement(tag))).toBeNull();
    }
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    document.body.append(editable);
    expect(on('m', editable)).toBeNull();
    editable.remove();
    const button = document.createElement('button');
    expect(on(' ', button)).toBeNull();
    expect(on('Enter', button)).toBeNull();
    expect(on('m', button)).toBe('mute');
  });
});
