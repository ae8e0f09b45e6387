import type { LessonVideo, Section } from '@skillwise/contracts';
import { formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** How often the curriculum is asked again while a video's streaming copies are being made. */
export const VIDEO_PROCESSING_POLL_MS = 4000;

/** What the school's staff read of a video lesson's streaming copies (docs/decisions/043). */
export const videoStateText = (video: LessonVideo): string => {
  switch (video.state) {
    case 'processing':
      return video.progress === null
        ? t('admin.curriculum.video.processing')
        : t('admin.curriculum.video.processingAt', { percent: formatCount(Math.round(video.progress)) });
    case 'ready':
      return t('admin.curriculum.video.ready');
    case 'failed':
      return video.error
        ? t('admin.curriculum.video.failedWith', { error: video.error })
        : t('admin.curriculum.video.failed');
    case 'off':
      return t('admin.curriculum.video.off');
  }
};

/** Whether any video of the curriculum is still being processed: the list is asked again until none is. */
export const anyVideoProcessing = (sections: Section[] | undefined): boolean =>
  (sections ?? []).some((section) => section.lessons.some((lesson) => lesson.video?.state === 'processing'));
