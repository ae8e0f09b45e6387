import { type LessonKind, lessonKind } from '@skillwise/contracts';
import { cn } from '@/lib/cn';
import { FileTextIcon, HeadphonesIcon, ImageIcon, PdfIcon, QuizIcon, VideoIcon } from './drawn-icons';

const KINDS: Record<LessonKind, { Icon: typeof VideoIcon; label: string; tone: string }> = {
  video: { Icon: VideoIcon, label: 'Video', tone: 'bg-violet-50 text-violet-600' },
  pdf: { Icon: PdfIcon, label: 'PDF', tone: 'bg-rose-50 text-rose-600' },
  audio: { Icon: HeadphonesIcon, label: 'Audio', tone: 'bg-amber-50 text-amber-600' },
  text: { Icon: FileTextIcon, label: 'Text', tone: 'bg-sky-50 text-sky-600' },
  image: { Icon: ImageIcon, label: 'Image', tone: 'bg-emerald-50 text-emerald-600' },
  quiz: { Icon: QuizIcon, label: 'Quiz', tone: 'bg-slate-100 text-slate-600' },
};

/** A lesson kind's name as lists and the viewer say it: 'Video', 'PDF'. */
export const lessonKindLabel = (kind: LessonKind): string => KINDS[kind].label;

/** SPEC §2.4, §2.12, §2.13: each lesson row shows an icon of its content type (or of a bulk upload's MIME type). */
export const ContentTypeIcon = ({ contentType, className }: { contentType: string; className?: string }) => {
  const { Icon, label, tone } = KINDS[lessonKind(contentType)];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg text-lg', tone, className)}
    >
      <Icon />
    </span>
  );
};
