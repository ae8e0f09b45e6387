import { type LessonKind, lessonKind } from '@skillwise/contracts';
import { cn } from '@/lib/cn';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { FileTextIcon, HeadphonesIcon, ImageIcon, PdfIcon, QuizIcon, VideoIcon } from './drawn-icons';

const KINDS: Record<LessonKind, { Icon: typeof VideoIcon; label: MessageId; tone: string }> = {
  video: { Icon: VideoIcon, label: 'common.ui.kind.video', tone: 'bg-violet-50 text-violet-600' },
  pdf: { Icon: PdfIcon, label: 'common.ui.kind.pdf', tone: 'bg-rose-50 text-rose-600' },
  audio: { Icon: HeadphonesIcon, label: 'common.ui.kind.audio', tone: 'bg-amber-50 text-amber-600' },
  text: { Icon: FileTextIcon, label: 'common.ui.kind.text', tone: 'bg-sky-50 text-sky-600' },
  image: { Icon: ImageIcon, label: 'common.ui.kind.image', tone: 'bg-emerald-50 text-emerald-600' },
  quiz: { Icon: QuizIcon, label: 'common.ui.kind.quiz', tone: 'bg-slate-100 text-slate-600' },
};

/** A lesson kind's name as lists and the viewer say it: 'Video', 'PDF'. */
export const lessonKindLabel = (kind: LessonKind): string => t(KINDS[kind].label);

/** SPEC §2.4, §2.12, §2.13: each lesson row shows an icon of its content type (or of a bulk upload's MIME type). */
export const ContentTypeIcon = ({ contentType, className }: { contentType: string; className?: string }) => {
  const translate = useT();
  const { Icon, tone } = KINDS[lessonKind(contentType)];
  const label = translate(KINDS[lessonKind(contentType)].label);
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
