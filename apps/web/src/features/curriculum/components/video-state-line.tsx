import type { LessonVideo } from '@skillwise/contracts';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { videoStateText } from '../lib/video-state';

/**
 * A video lesson's streaming copies as the school's staff see them in the curriculum: being made (with
 * how far), ready, failed or off (docs/decisions/043). The list is asked again while one is being made.
 */
export const VideoStateLine = ({ video, className }: { video: LessonVideo; className?: string }) => {
  const t = useT();
  const text = videoStateText(video);
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs break-words',
        video.state === 'failed'
          ? 'text-red-700'
          : video.state === 'ready'
            ? 'text-emerald-800'
            : 'text-slate-600',
        className,
      )}
    >
      {video.state === 'processing' ? (
        // A native progress element: no inline style, which the app's CSP refuses.
        <progress
          aria-label={t('admin.curriculum.video.label')}
          value={video.progress ?? undefined}
          max={100}
          className="block h-1.5 w-20 shrink-0 appearance-none overflow-hidden rounded-full bg-slate-100 [&::-moz-progress-bar]:bg-brand-500 [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-brand-500"
        />
      ) : null}
      <span className="min-w-0">{text}</span>
    </p>
  );
};
