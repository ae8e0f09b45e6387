import type { Section } from '@skillwise/contracts';
import { lazy, Suspense } from 'react';
import { RowButton } from '@/components/ui/button';
import { PublishedChip } from '@/components/ui/chip';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import {
  ChevronDownIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  UploadIcon,
} from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { bulkLimitsNote } from '../lib/bulk-upload';
import { releaseLabel } from '../lib/section-release';
import type { BulkUploadOutcome } from './bulk-upload-panel';
import { type LessonActions, LessonList } from './lesson-list';

const BulkUploadPanel = lazy(() => import('./bulk-upload-panel'));

export type SectionActions = LessonActions & {
  onToggleExpanded: (section: Section) => void;
  onEditSection: (section: Section) => void;
  onDeleteSection: (section: Section) => void;
  onTogglePublishSection: (section: Section) => void;
  /** Publishes the section and every lesson in it, in one step (docs/decisions/017). */
  onPublishSectionWithLessons: (section: Section) => void;
  onAddLesson: (section: Section) => void;
  onToggleBulkUpload: (section: Section) => void;
  onBulkComplete: (section: Section, outcome: BulkUploadOutcome) => void;
  onReorder: (section: Section, lessonIds: number[]) => void;
  onSectionMenuOpenChange: (sectionId: number, open: boolean) => void;
  onLessonMenuOpenChange: (lessonId: number, open: boolean) => void;
};

type SectionCardProps = SectionActions & {
  section: Section;
  isExpanded: boolean;
  isBulkOpen: boolean;
  isMenuOpen: boolean;
  openLessonMenuId: number | null;
  /** Bumped after each bulk upload so the list starts again from the reloaded lessons. */
  refreshCount: number;
};

/** Whether publishing the section with its lessons would publish anything the plain Publish would not. */
const hasDraftLessons = (section: Section) => section.lessons.some((lesson) => !lesson.published);

/** One collapsible section: its menu, Bulk Upload and Add Lesson, and its lessons when open. */
export const SectionCard = ({
  section,
  isExpanded,
  isBulkOpen,
  isMenuOpen,
  openLessonMenuId,
  refreshCount,
  ...actions
}: SectionCardProps) => {
  const t = useT();
  const bodyId = `section-${section.section_Id}-lessons`;
  const release = releaseLabel(section);
  return (
    <li
      className={cn(
        'relative rounded-2xl border border-slate-200/80 bg-white shadow-card',
        isMenuOpen && 'z-20',
      )}
      data-section-id={section.section_Id}
    >
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:p-4">
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <button
            type="button"
            onClick={() => actions.onToggleExpanded(section)}
            aria-expanded={isExpanded}
            aria-controls={bodyId}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1.5 text-start hover:bg-slate-50"
          >
            <ChevronDownIcon
              className={cn(
                'size-5 shrink-0 text-slate-400 transition-transform',
                isExpanded ? 'rotate-0' : '-rotate-90 rtl:rotate-90',
              )}
            />
            <span className="min-w-0">
              <span className="line-clamp-2 font-semibold break-words text-slate-900">
                {section.section_name}
              </span>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-nowrap text-slate-500">
                {t('admin.courses.details.lessonsCount', {
                  count: section.lessons.length,
                  n: formatCount(section.lessons.length),
                })}
                <PublishedChip published={section.published} />
                {release ? (
                  <span className="inline-flex items-center gap-1 text-slate-600">
                    <LockIcon className="size-3.5" aria-hidden="true" />
                    {release}
                  </span>
                ) : null}
              </span>
            </span>
          </button>
          <DropdownMenu
            label={t('admin.curriculum.section.menu', { name: section.section_name })}
            open={isMenuOpen}
            onOpenChange={(open) => actions.onSectionMenuOpenChange(section.section_Id, open)}
            className="sm:order-last"
            items={[
              {
                label: t('admin.curriculum.section.delete'),
                icon: <TrashIcon />,
                tone: 'danger',
                onSelect: () => actions.onDeleteSection(section),
              },
              {
                label: t('admin.curriculum.section.edit'),
                icon: <PencilIcon />,
                onSelect: () => actions.onEditSection(section),
              },
              {
                label: section.published
                  ? t('admin.courses.publish.unpublish')
                  : t('admin.courses.publish.publish'),
                icon: <UploadIcon />,
                onSelect: () => actions.onTogglePublishSection(section),
              },
              ...(hasDraftLessons(section)
                ? [
                    {
                      label: section.published
                        ? t('admin.curriculum.section.publishAllLessons')
                        : t('admin.curriculum.section.publishWithLessons'),
                      icon: <UploadIcon />,
                      onSelect: () => actions.onPublishSectionWithLessons(section),
                    },
                  ]
                : []),
            ]}
          />
        </div>
        <div className="flex flex-wrap gap-2 ps-1 sm:flex-nowrap sm:ps-0 [&>button]:flex-1 sm:[&>button]:flex-none">
          <RowButton
            variant={isBulkOpen ? 'secondary' : 'outline'}
            leftIcon={<UploadIcon className="size-4" />}
            aria-expanded={isBulkOpen}
            onClick={() => actions.onToggleBulkUpload(section)}
            label={t('admin.curriculum.bulk.uploadTo', { name: section.section_name })}
          >
            {t('admin.curriculum.bulk.upload')}
          </RowButton>
          <RowButton
            variant="primary"
            leftIcon={<PlusIcon className="size-4" />}
            onClick={() => actions.onAddLesson(section)}
            label={t('admin.curriculum.lesson.addTo', { name: section.section_name })}
          >
            {t('admin.curriculum.lesson.add')}
          </RowButton>
        </div>
      </div>
      {isBulkOpen ? (
        <div className="flex flex-col gap-2 border-t border-slate-100 p-3 sm:p-4">
          <p className="text-sm text-slate-600">{bulkLimitsNote()}</p>
          <Suspense fallback={<LoadingBlock label={t('admin.curriculum.bulk.loading')} />}>
            <BulkUploadPanel
              sectionId={section.section_Id}
              onComplete={(outcome) => actions.onBulkComplete(section, outcome)}
            />
          </Suspense>
        </div>
      ) : null}
      {isExpanded ? (
        <div id={bodyId} className="border-t border-slate-100 bg-slate-50/60 p-3 sm:p-4">
          {section.lessons.length === 0 ? (
            <p className="py-3 text-center text-sm text-slate-500">
              {t('admin.curriculum.section.noLessons')}
            </p>
          ) : (
            <LessonList
              key={refreshCount}
              lessons={section.lessons}
              openMenuId={openLessonMenuId}
              onMenuOpenChange={actions.onLessonMenuOpenChange}
              onReorder={(lessonIds) => actions.onReorder(section, lessonIds)}
              onEdit={actions.onEdit}
              onDelete={actions.onDelete}
              onTogglePublish={actions.onTogglePublish}
              onTogglePreview={actions.onTogglePreview}
            />
          )}
        </div>
      ) : null}
    </li>
  );
};
