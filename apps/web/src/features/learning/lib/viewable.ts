import { type Lesson, lessonKind } from '@skillwise/contracts';
import { cn } from '@/lib/cn';

/**
 * The kinds a viewer can open: every lesson type (SPEC §3: video, pdf, audio, text) and the images a
 * bulk upload may hold. Only a lesson without a file has nothing to open. Apart from the viewer itself,
 * so a page can list lessons before the viewer's code has loaded.
 */
export const isViewable = (contentType: string): boolean => {
  const kind = lessonKind(contentType);
  return kind === 'video' || kind === 'pdf' || kind === 'audio' || kind === 'text' || kind === 'image';
};

/**
 * The box a lesson's player fills, by its kind, for whatever stands in its place before it shows (the
 * course page's start button, a loading player): nothing below moves when the player arrives. A video
 * is 16:9, a PDF's frame and an image 70% of the screen's height, audio its player's height. Apart from
 * the viewer itself, so a page can hold the place before the viewer's code has loaded.
 */
export const playerSpace = (contentType: string): string => {
  const kind = lessonKind(contentType);
  return cn(
    'w-full rounded-xl',
    kind === 'video' && 'aspect-video bg-slate-950',
    kind === 'pdf' && 'h-[70vh] min-h-[420px] bg-slate-100',
    kind === 'image' && 'aspect-video max-h-[70vh] bg-slate-100',
    kind !== 'video' && kind !== 'pdf' && kind !== 'image' && 'h-32 bg-slate-100',
  );
};

/**
 * A lesson the course view opens: an open one (docs/decisions/032) with a file of a kind the viewer
 * shows, or a quiz.
 */
export const canOpenLesson = (lesson: Lesson): boolean =>
  lesson.locked !== true &&
  ((isViewable(lesson.contentType) && lesson.content_path !== null) ||
    lessonKind(lesson.contentType) === 'quiz');
