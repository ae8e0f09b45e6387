import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { isQuizLesson, type Lesson } from '@skillwise/contracts';
import { useNavigate } from 'react-router';
import { Chip, PublishedChip } from '@/components/ui/chip';
import { ContentTypeIcon } from '@/components/ui/content-type-icon';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import {
  ChartIcon,
  ExternalLinkIcon,
  EyeIcon,
  GripIcon,
  PencilIcon,
  TrashIcon,
  UploadIcon,
} from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { quizResultsPath } from '@/lib/paths';
import { VideoStateLine } from './video-state-line';

/** SPEC §9: a lesson starts moving after the pointer travelled 25 px, so clicks stay clicks. */
export const DRAG_ACTIVATION_PX = 25;

export type LessonActions = {
  onEdit: (lesson: Lesson) => void;
  onDelete: (lesson: Lesson) => void;
  onTogglePublish: (lesson: Lesson) => void;
  onTogglePreview: (lesson: Lesson) => void;
};

type LessonRowProps = LessonActions & {
  lesson: Lesson;
  isMenuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
};

const LessonRow = ({
  lesson,
  isMenuOpen,
  onMenuOpenChange,
  onEdit,
  onDelete,
  onTogglePublish,
  onTogglePreview,
}: LessonRowProps) => {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: lesson.lesson_Id });
  const navigate = useNavigate();
  const style = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
  };

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-lesson-id={lesson.lesson_Id}
      className={cn(
        'relative flex items-center gap-1.5 rounded-xl border border-slate-200 bg-white py-2 pe-1 ps-0.5 sm:gap-3 sm:pe-1.5 sm:ps-1',
        isDragging && 'z-10 shadow-raised ring-2 ring-brand-500/40',
        isMenuOpen && 'z-20',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t('admin.curriculum.lesson.move', { title: lesson.lesson_title })}
        className="flex h-9 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
      >
        <GripIcon className="size-4.5" />
      </button>
      <ContentTypeIcon contentType={lesson.contentType} className="size-7 sm:size-9" />
      <div className="min-w-0 flex-1">
        {lesson.content_path ? (
          <a
            href={lesson.content_path}
            target="_blank"
            rel="noopener noreferrer"
            className="group text-sm font-medium break-words text-slate-900 hover:text-brand-700"
            title={t('admin.curriculum.lesson.openContent')}
          >
            <span className="line-clamp-3 sm:line-clamp-1">
              {lesson.lesson_title}
              <ExternalLinkIcon className="ms-1.5 inline size-3.5 align-[-2px] text-slate-400 group-hover:text-brand-600" />
            </span>
            <span className="sr-only">{t('admin.curriculum.newTab')}</span>
          </a>
        ) : (
          <p className="line-clamp-3 text-sm font-medium break-words text-slate-900 sm:line-clamp-1">
            {lesson.lesson_title}
          </p>
        )}
        <div className="mt-1 flex flex-wrap gap-1.5">
          <PublishedChip published={lesson.published} />
          {lesson.preview ? <Chip tone="brand">{t('admin.curriculum.lesson.preview')}</Chip> : null}
          {lesson.content_path ? null : <Chip tone="muted">{t('admin.curriculum.lesson.noFile')}</Chip>}
        </div>
        {lesson.video ? <VideoStateLine video={lesson.video} className="mt-1" /> : null}
      </div>
      <DropdownMenu
        label={t('admin.curriculum.lesson.menu', { title: lesson.lesson_title })}
        open={isMenuOpen}
        onOpenChange={onMenuOpenChange}
        items={[
          { label: t('admin.curriculum.lesson.edit'), icon: <PencilIcon />, onSelect: () => onEdit(lesson) },
          {
            label: t('admin.curriculum.lesson.delete'),
            icon: <TrashIcon />,
            tone: 'danger',
            onSelect: () => onDelete(lesson),
          },
          {
            label: lesson.published
              ? t('admin.curriculum.lesson.unpublish')
              : t('admin.curriculum.lesson.publish'),
            icon: <UploadIcon />,
            onSelect: () => onTogglePublish(lesson),
          },
          {
            label: lesson.preview
              ? t('admin.curriculum.lesson.removePreview')
              : t('admin.curriculum.lesson.makePreview'),
            icon: <EyeIcon />,
            onSelect: () => onTogglePreview(lesson),
          },
          // A quiz's results and its students' attempts (docs/decisions/034).
          ...(isQuizLesson(lesson.contentType)
            ? [
                {
                  label: t('admin.curriculum.lesson.quizResults'),
                  icon: <ChartIcon />,
                  onSelect: () => void navigate(quizResultsPath(lesson.lesson_Id)),
                },
              ]
            : []),
        ]}
      />
    </li>
  );
};

type LessonListProps = LessonActions & {
  lessons: Lesson[];
  openMenuId: number | null;
  onMenuOpenChange: (lessonId: number, open: boolean) => void;
  /** The section's lesson ids in their new order, after a drag. */
  onReorder: (lessonIds: number[]) => void;
};

/** SPEC §2.13: a section's lessons, dragged by their handle (or moved with the keyboard) to reorder. */
export const LessonList = ({
  lessons,
  openMenuId,
  onMenuOpenChange,
  onReorder,
  ...actions
}: LessonListProps) => {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = lessons.map((lesson) => lesson.lesson_Id);
  const titleOf = (id: unknown) =>
    lessons.find((lesson) => lesson.lesson_Id === id)?.lesson_title ?? t('admin.curriculum.lesson.fallback');

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('admin.curriculum.drag.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('admin.curriculum.drag.start', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? t('admin.curriculum.drag.over', { title: titleOf(active.id), other: titleOf(over.id) })
              : t('admin.curriculum.drag.notOver', { title: titleOf(active.id) }),
          onDragEnd: ({ active, over }) =>
            over
              ? t('admin.curriculum.drag.dropped', { title: titleOf(active.id), other: titleOf(over.id) })
              : t('admin.curriculum.drag.droppedAlone', { title: titleOf(active.id) }),
          onDragCancel: ({ active }) => t('admin.curriculum.drag.cancelled', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-2" aria-label={t('admin.courses.details.lessons')}>
          {lessons.map((lesson) => (
            <LessonRow
              key={lesson.lesson_Id}
              lesson={lesson}
              isMenuOpen={openMenuId === lesson.lesson_Id}
              onMenuOpenChange={(open) => onMenuOpenChange(lesson.lesson_Id, open)}
              {...actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
};
