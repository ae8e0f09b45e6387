import type { LessonVideo, Section } from '@skillwise/contracts';

/** How often the curriculum is asked again while a video's streaming copies are being made. */
export const VIDEO_PROCESSING_POLL_MS = 4000;

/** What the school's staff read of a video lesson's streaming copies (docs/decisions/043). */
export const videoStateText = (video: LessonVideo): string => {
  switch (video.state) {
    case 'processing':
      return video.progress === null ? 'Processing…' : `Processing… ${Math.round(video.progress)}%`;
    case 'ready':
      return 'Streaming copies ready';
    case 'failed':
      return video.error
        ? `Streaming copies failed: ${video.error} — the original file plays`
        : 'Streaming copies failed — the original file plays';
    case 'off':
      return 'Streaming copies are off on this server — the original file plays';
  }
};

/** Whether any video of the curriculum is still being processed: the list is asked again until none is. */
export const anyVideoProcessing = (sections: Section[] | undefined): boolean =>
  (sections ?? []).some((section) => section.lessons.some((lesson) => lesson.video?.state === 'processing'));
