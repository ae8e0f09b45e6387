import type { Lesson } from '@skillwise/contracts';
import { ContentTypeIcon } from '@/components/ui/content-type-icon';
import { cn } from '@/lib/cn';
import { parseSrcset } from '../lib/player';

/**
 * A lesson's mark in a list: a video's poster frame, at its narrowest width, when it has one (decorative:
 * the row names the lesson and its kind), else the icon of its content type. Its box is fixed, so the
 * list does not move when the picture arrives.
 */
export const LessonThumb = ({ lesson, className }: { lesson: Lesson; className?: string }) => {
  const poster = parseSrcset(lesson.video?.poster_srcset)[0]?.url ?? lesson.video?.poster_url ?? null;
  if (!poster)
    return <ContentTypeIcon contentType={lesson.contentType} className={cn('size-8 text-base', className)} />;
  return (
    <img
      src={poster}
      alt=""
      width={56}
      height={32}
      loading="lazy"
      decoding="async"
      className={cn('h-8 w-14 shrink-0 rounded-md bg-slate-200 object-cover', className)}
    />
  );
};
