import {
  COUNTER_SHORT,
  isQuizLesson,
  type Lesson,
  type ReleaseMode,
  type Section,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { LayersIcon, PlusIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { AUTHORING_MSG } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify, notifyFailure } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useCurriculumMutations, useSections } from '../api/curriculum';
import { useSingleOpen } from '../hooks/use-single-open';
import {
  RELEASE_OPTIONS,
  type ReleaseValues,
  releaseOf,
  releaseProblems,
  releaseValuesOf,
} from '../lib/section-release';
import type { BulkUploadOutcome } from './bulk-upload-panel';
import { EditLessonModal } from './edit-lesson-form';
import { LessonFormModal } from './lesson-form';
import { SectionCard } from './section-card';

type Mutations = ReturnType<typeof useCurriculumMutations>;

type SectionName = { name: string };

/** SPEC §5: a section needs a name. */
const validateSectionName = ({ name }: SectionName): FormErrors<SectionName> =>
  name.trim() === '' ? { problem: AUTHORING_MSG.sectionNameEmpty, fields: { name: true } } : {};

const AddSectionForm = ({ count, mutations }: { count: number; mutations: Mutations }) => {
  const add = mutations.addSection;
  const form = useForm({ initial: { name: '' }, validate: validateSectionName });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    await add.mutateAsync({ name: name.trim(), count });
    form.reset();
  });

  const name = form.field('name');
  const problem = form.problem ?? form.failureMessage('The section could not be added. Please try again.');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Field label="New section">
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              name="section_name"
              placeholder="Section name, e.g. Getting started"
              maxLength={COUNTER_SHORT}
              value={name.value}
              onChange={name.onChange}
              onBlur={name.onBlur}
              aria-invalid={name['aria-invalid']}
              className="sm:max-w-md"
            />
            <Button
              type="submit"
              leftIcon={<PlusIcon className="size-4" />}
              isLoading={form.isSubmitting}
              loadingText="Adding..."
            >
              Add Section
            </Button>
          </div>
        )}
      </Field>
      {problem ? <Alert className="sm:max-w-xl">{problem}</Alert> : null}
    </form>
  );
};

type SectionValues = SectionName & ReleaseValues;

/** A section needs a name (SPEC §5), and the day or the days its release names. */
const validateSection = (values: SectionValues): FormErrors<SectionValues> => {
  const named = validateSectionName(values);
  return { ...named, fields: { ...named.fields, ...releaseProblems(values) } };
};

const EditSectionModal = ({
  section,
  onClose,
  mutations,
}: {
  section: Section | null;
  onClose: () => void;
  mutations: Mutations;
}) => {
  const rename = mutations.renameSection;
  const form = useForm<SectionValues>({
    initial: { name: section?.section_name ?? '', ...releaseValuesOf(section) },
    validate: validateSection,
    serverFields: { releaseAt: 'release_at', releaseDays: 'release_days' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!section) return;
    await rename.mutateAsync({ section, name: values.name.trim(), release: releaseOf(values) });
    onClose();
  });

  const problem = form.problem ?? form.failureMessage('The section could not be saved. Please try again.');
  const mode = form.values.releaseMode;

  return (
    <Modal open={section !== null} onClose={onClose} title="Edit Section">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Name"
          name="section_name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('name')}
        />
        <SelectField
          label="Release"
          name="release_mode"
          hint="When the section’s lessons open to a student."
          options={RELEASE_OPTIONS}
          value={mode}
          onChange={(event) => form.setValue('releaseMode', event.target.value as ReleaseMode)}
        />
        {mode === 'on_date' ? (
          <TextField
            label="Opens on"
            name="release_at"
            type="date"
            required
            hint="The day starts at midnight UTC."
            {...form.field('releaseAt')}
          />
        ) : null}
        {mode === 'after_days' ? (
          <TextField
            label="Days after enrolment"
            name="release_days"
            inputMode="numeric"
            required
            hint="Counted from each student’s enrolment, or the start you gave them."
            {...form.field('releaseDays')}
          />
        ) : null}
        {problem ? <Alert>{problem}</Alert> : null}
        <FormActions onCancel={onClose} isSubmitting={form.isSubmitting} submitLabel="Save" />
      </form>
    </Modal>
  );
};

type Confirm = { kind: 'section'; section: Section } | { kind: 'lesson'; lesson: Lesson };

/**
 * SPEC §2.13 Curriculum: add sections; per section a menu, Bulk Upload and Add Lesson; lessons
 * dragged into a new order that is saved (DESIGN decision 5). One section menu and one lesson menu
 * open at a time; a new section starts collapsed.
 */
export const Curriculum = ({
  courseId,
  onEditQuiz,
}: {
  courseId: number;
  /** A quiz lesson is edited in the quiz editor: its Edit, and the quiz lesson just made, open it. */
  onEditQuiz?: (lesson: Lesson) => void;
}) => {
  const sections = useSections(courseId);
  const mutations = useCurriculumMutations(courseId);
  const sectionMenu = useSingleOpen<number>();
  const lessonMenu = useSingleOpen<number>();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [bulkSectionId, setBulkSectionId] = useState<number | null>(null);
  const [refreshCount, setRefreshCount] = useState(0);
  const [addingTo, setAddingTo] = useState<Section | null>(null);
  const [editingSection, setEditingSection] = useState<Section | null>(null);
  const [editingLesson, setEditingLesson] = useState<Lesson | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const list = sections.data ?? [];
  const expand = (sectionId: number) => setExpanded((current) => new Set(current).add(sectionId));
  const failed = (fallback: string) => (error: unknown) => notifyFailure(error, fallback);

  const runConfirmed = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'section') await mutations.deleteSection.mutateAsync(confirm.section.section_Id);
      else await mutations.deleteLesson.mutateAsync(confirm.lesson.lesson_Id);
      notify.success(AUTHORING_MSG.deleted);
    } catch (error) {
      failed('It could not be deleted. Please try again.')(error);
    }
  };

  const onBulkComplete = (section: Section, outcome: BulkUploadOutcome) => {
    if (outcome.uploaded > 0) {
      void sections.refetch();
      setRefreshCount((count) => count + 1);
      expand(section.section_Id);
    }
    if (outcome.failed === 0 && outcome.uploaded > 0) {
      notify.success(AUTHORING_MSG.bulkUploaded);
      setBulkSectionId(null);
    } else if (outcome.failed > 0) {
      // The panel stays open: it shows each refused file and offers to retry.
      notify.error(
        `${outcome.failed === 1 ? '1 file was' : `${outcome.failed} files were`} not uploaded${
          outcome.firstError ? `: ${outcome.firstError}` : '.'
        }`,
        { link: outcome.link },
      );
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AddSectionForm count={list.length} mutations={mutations} />
      {sections.isError ? (
        <Alert>{errorMessage(sections.error, 'Could not load the sections of this course.')}</Alert>
      ) : null}
      {sections.isPending ? (
        <LoadingBlock label="Loading sections..." />
      ) : list.length === 0 && !sections.isError ? (
        <EmptyState
          icon={<LayersIcon />}
          title="No sections yet"
          hint="Add a first section above, then fill it with lessons: one by one or by bulk upload."
        />
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Sections">
          {list.map((section) => (
            <SectionCard
              key={section.section_Id}
              section={section}
              isExpanded={expanded.has(section.section_Id)}
              isBulkOpen={bulkSectionId === section.section_Id}
              isMenuOpen={sectionMenu.isOpen(section.section_Id)}
              openLessonMenuId={lessonMenu.openId}
              refreshCount={refreshCount}
              onSectionMenuOpenChange={sectionMenu.setOpen}
              onLessonMenuOpenChange={lessonMenu.setOpen}
              onToggleExpanded={({ section_Id }) =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (!next.delete(section_Id)) next.add(section_Id);
                  return next;
                })
              }
              onEditSection={setEditingSection}
              onDeleteSection={(target) => setConfirm({ kind: 'section', section: target })}
              onTogglePublishSection={(target) =>
                mutations.publishSection.mutate(
                  { id: target.section_Id, published: !target.published },
                  {
                    onSuccess: (saved) =>
                      notify.success(saved.published ? 'Section published' : 'Section unpublished'),
                    onError: failed('The section could not be changed.'),
                  },
                )
              }
              onPublishSectionWithLessons={(target) =>
                mutations.publishSection.mutate(
                  { id: target.section_Id, published: true, withLessons: true },
                  {
                    onSuccess: () => notify.success('Section published with all its lessons'),
                    onError: failed('The section could not be changed.'),
                  },
                )
              }
              onAddLesson={setAddingTo}
              onToggleBulkUpload={({ section_Id }) =>
                setBulkSectionId((current) => (current === section_Id ? null : section_Id))
              }
              onBulkComplete={onBulkComplete}
              onReorder={(target, lessonIds) =>
                mutations.saveLessonOrder.mutate(
                  { sectionId: target.section_Id, lessonIds },
                  { onError: failed('The new order could not be saved. Please try again.') },
                )
              }
              onEdit={(lesson) =>
                isQuizLesson(lesson.contentType) && onEditQuiz ? onEditQuiz(lesson) : setEditingLesson(lesson)
              }
              onDelete={(lesson) => setConfirm({ kind: 'lesson', lesson })}
              onTogglePublish={(lesson) =>
                mutations.publishLesson.mutate(
                  { id: lesson.lesson_Id, published: !lesson.published },
                  {
                    onSuccess: (saved) =>
                      notify.success(saved.published ? 'Lesson published' : 'Lesson unpublished'),
                    onError: failed('The lesson could not be changed.'),
                  },
                )
              }
              onTogglePreview={(lesson) =>
                mutations.previewLesson.mutate(
                  { id: lesson.lesson_Id, preview: !lesson.preview },
                  {
                    onSuccess: (saved) =>
                      notify.success(saved.preview ? 'Lesson is now a free preview' : 'Preview removed'),
                    onError: failed('The lesson could not be changed.'),
                  },
                )
              }
            />
          ))}
        </ol>
      )}
      <LessonFormModal
        section={addingTo}
        onClose={() => setAddingTo(null)}
        save={async (input) => {
          const saved = await mutations.saveLesson.mutateAsync(input);
          expand(input.sectionId);
          if (input.contentType === 'quiz') onEditQuiz?.(saved);
        }}
      />
      <EditLessonModal
        lesson={editingLesson}
        sectionName={
          list.find((section) => section.section_Id === editingLesson?.section_Id)?.section_name ?? ''
        }
        onClose={() => setEditingLesson(null)}
        save={(input) => mutations.saveLesson.mutateAsync(input)}
      />
      <EditSectionModal
        key={editingSection?.section_Id ?? 'none'}
        section={editingSection}
        onClose={() => setEditingSection(null)}
        mutations={mutations}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'section' ? 'Delete Section' : AUTHORING_MSG.deleteLessonTitle}
        message={
          confirm?.kind === 'section'
            ? 'Are you sure you want to delete this section? Its lessons will be deleted too.'
            : AUTHORING_MSG.deleteLessonMessage
        }
        onClose={() => setConfirm(null)}
        onConfirm={runConfirmed}
      />
    </div>
  );
};
