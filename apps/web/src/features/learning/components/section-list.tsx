import type { Lesson, Section } from '@skillwise/contracts';
import { type ReactNode, useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

type SectionListProps = {
  sections: Section[];
  isOpen: (sectionId: number) => boolean;
  onToggle: (sectionId: number) => void;
  renderLesson: (lesson: Lesson) => ReactNode;
  /** Names the list for assistive technology. */
  label: string;
  className?: string;
};

/** "1 lesson", "3 lessons", in the reader's language. */
export const lessonsLabel = (count: number) => translate('site.learning.lessonCount', { count });

/** Collapsible sections, each listing its lessons; the caller decides which are open (SPEC §2.4, §2.12). */
export const SectionList = ({
  sections,
  isOpen,
  onToggle,
  renderLesson,
  label,
  className,
}: SectionListProps) => {
  const t = useT();
  const id = useId();
  return (
    <ol aria-label={label} className={cn('flex flex-col divide-y divide-slate-200/80', className)}>
      {sections.map((section, index) => {
        const open = isOpen(section.section_Id);
        const panelId = `${id}-section-${section.section_Id}`;
        return (
          <li key={section.section_Id}>
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(section.section_Id)}
                className="flex w-full items-center gap-3 px-4 py-3.5 text-start transition-colors hover:bg-slate-50"
              >
                <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-xs font-semibold text-slate-600">
                  {formatCount(index + 1)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words text-slate-900">
                    {section.section_name}
                  </span>
                  <span className="block text-xs text-slate-500">{lessonsLabel(section.lessons.length)}</span>
                </span>
                <ChevronDownIcon
                  className={cn('size-5 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')}
                />
              </button>
            </h3>
            {open ? (
              <ul id={panelId} className="flex flex-col gap-1 px-2 pb-3">
                {section.lessons.length === 0 ? (
                  <li className="px-3 py-2 text-sm text-slate-500">{t('site.learning.sectionEmpty')}</li>
                ) : (
                  section.lessons.map((lesson) => <li key={lesson.lesson_Id}>{renderLesson(lesson)}</li>)
                )}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};
