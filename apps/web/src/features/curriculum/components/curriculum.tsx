import {
  COUNTER_SHORT,
  isQuizLesson,
  type Lesson,
  type ReleaseMode,
  type Section,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
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
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
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
  const t = useT();
  const add = mutations.addSection;
  const form = useForm({ initial: { name: '' }, validate: validateSectionName });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    await add.mutateAsync({ name: name.trim(), count });
    form.reset();
  });

  const name = form.field('name');
  const problem = form.problem ?? form.failureMessage(t('admin.curriculum.section.addFailed'));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Field label={t('admin.curriculum.section.new')}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              name="section_name"
              placeholder={t('admin.curriculum.section.namePlaceholder')}
              maxLength={COUNTER_SHORT}
              value={name.value}
              onChange={name.onChange}
              onBlur={name.onBlur}
              aria-invalid={name['aria-invalid']}
              className="sm:max-w-md"
            />
            <SubmitButton
              form={form}
              leftIcon={<PlusIcon className="size-4" />}
              loadingText={t('admin.curriculum.section.adding')}
            >
              {t('admin.curriculum.section.add')}
            </SubmitButton>
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
  const t = useT();
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

  const problem = form.problem ?? form.failureMessage(t('admin.curriculum.section.saveFailed'));
  const mode = form.values.releaseMode;

  return (
    <Modal open={section !== null} onClose={onClose} title={t('admin.curriculum.section.edit')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t('admin.curriculum.section.name')}
          name="section_name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('name')}
        />
        <SelectField
          label={t('admin.curriculum.release.label')}
          name="release_mode"
          hint={t('admin.curriculum.release.hint')}
          options={RELEASE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={mode}
          onChange={(event) => form.setValue('releaseMode', event.target.value as ReleaseMode)}
        />
        {mode === 'on_date' ? (
          <TextField
            label={t('admin.curriculum.release.opensOnLabel')}
            name="release_at"
            type="date"
            required
            hint={t('admin.curriculum.release.midnightUtc')}
            {...form.field('releaseAt')}
          />
        ) : null}
        {mode === 'after_days' ? (
          <TextField
            label={t('admin.curriculum.release.afterDays')}
            name="release_days"
            inputMode="numeric"
            required
            hint={t('admin.curriculum.release.afterDaysHint')}
            {...form.field('releaseDays')}
          />
        ) : null}
        {problem ? <Alert>{problem}</Alert> : null}
        <FormActions
          onCancel={onClose}
          isSubmitting={form.isSubmitting}
          submitLabel={t('admin.curriculum.save')}
        />
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
  const t = useT();
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
      failed(t('admin.curriculum.deleteFailed'))(error);
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
      const values = { count: outcome.failed, n: formatCount(outcome.failed) };
      notify.error(
        outcome.firstError
          ? t('admin.curriculum.bulk.notUploadedWith', { ...values, error: outcome.firstError })
          : t('admin.curriculum.bulk.notUploaded', values),
        { link: outcome.link },
      );
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AddSectionForm count={list.length} mutations={mutations} />
      {sections.isError ? (
        <Alert>{errorMessage(sections.error, t('admin.curriculum.loadFailed'))}</Alert>
      ) : null}
      {sections.isPending ? (
        <LoadingBlock label={t('admin.curriculum.loading')} />
      ) : list.length === 0 && !sections.isError ? (
        <EmptyState
          icon={<LayersIcon />}
          title={t('admin.curriculum.empty')}
          hint={t('admin.curriculum.emptyHint')}
        />
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t('admin.curriculum.sections')}>
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
                      notify.success(
                        saved.published
                          ? t('admin.curriculum.section.published')
                          : t('admin.curriculum.section.unpublished'),
                      ),
                    onError: failed(t('admin.curriculum.section.changeFailed')),
                  },
                )
              }
              onPublishSectionWithLessons={(target) =>
                mutations.publishSection.mutate(
                  { id: target.section_Id, published: true, withLessons: true },
                  {
                    onSuccess: () => notify.success(t('admin.curriculum.section.publishedWithLessons')),
                    onError: failed(t('admin.curriculum.section.changeFailed')),
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
                  { onError: failed(t('admin.curriculum.orderFailed')) },
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
                      notify.success(
                        saved.published
                          ? t('admin.curriculum.lesson.published')
                          : t('admin.curriculum.lesson.unpublished'),
                      ),
                    onError: failed(t('admin.curriculum.lesson.changeFailed')),
                  },
                )
              }
              onTogglePreview={(lesson) =>
                mutations.previewLesson.mutate(
                  { id: lesson.lesson_Id, preview: !lesson.preview },
                  {
                    onSuccess: (saved) =>
                      notify.success(
                        saved.preview
                          ? t('admin.curriculum.lesson.previewOn')
                          : t('admin.curriculum.lesson.previewOff'),
                      ),
                    onError: failed(t('admin.curriculum.lesson.changeFailed')),
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
        title={
          confirm?.kind === 'section' ? t('admin.curriculum.section.delete') : AUTHORING_MSG.deleteLessonTitle
        }
        message={
          confirm?.kind === 'section'
            ? t('admin.curriculum.section.deleteConfirm')
            : AUTHORING_MSG.deleteLessonMessage
        }
        onClose={() => setConfirm(null)}
        onConfirm={runConfirmed}
      />
    </div>
  );
};
