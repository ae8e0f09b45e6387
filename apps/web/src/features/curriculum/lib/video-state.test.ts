import type { LessonVideo, Section } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { anyVideoProcessing, videoStateText } from './video-state';

const video = (fields: Partial<LessonVideo>): LessonVideo => ({
  state: 'ready',
  progress: null,
  error: null,
  stream_url: null,
  poster_url: null,
  poster_srcset: null,
  captions: [],
  ...fields,
});

describe('a video lesson’s streaming state, for the school’s staff', () => {
  it('says each state', () => {
    expect(videoStateText(video({ state: 'processing', progress: 42 }))).toBe('Processing… 42%');
    expect(videoStateText(video({ state: 'processing', progress: 41.6 }))).toBe('Processing… 42%');
    expect(videoStateText(video({ state: 'processing' }))).toBe('Processing…');
    expect(videoStateText(video({ state: 'ready' }))).toBe('Streaming copies ready');
    expect(videoStateText(video({ state: 'failed', error: 'The file has no video stream.' }))).toBe(
      'Streaming copies failed: The file has no video stream. — the original file plays',
    );
    expect(videoStateText(video({ state: 'failed' }))).toBe(
      'Streaming copies failed — the original file plays',
    );
    expect(videoStateText(video({ state: 'off' }))).toBe(
      'Streaming copies are off on this server — the original file plays',
    );
  });

  it('asks the list again only while a video is processing', () => {
    const sections = (state: LessonVideo['state'] | null) =>
      [
        { lessons: [{ video: null }, { video: state ? video({ state }) : undefined }] },
      ] as unknown as Section[];
    expect(anyVideoProcessing(sections('processing'))).toBe(true);
    expect(anyVideoProcessing(sections('ready'))).toBe(false);
    expect(anyVideoProcessing(sections(null))).toBe(false);
    expect(anyVideoProcessing(undefined)).toBe(false);
  });
});
