import { type Author, COUNTER_LONG, COUNTER_SHORT } from '@skillwise/contracts';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FileInput, Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useObjectUrl } from '@/lib/use-object-url';
import { useAuthor, useCreateAuthor, useUpdateAuthor } from '../api/authors';
import { type AuthorFormValues, authorFormErrors, authorFormValues, EMPTY_AUTHOR } from '../lib/author-form';

const PhoneField = lazy(() => import('./phone-field'));

type AuthorFormProps = {
  onCancel: () => void;
} & (
  | { author?: undefined; onCreated: (author: Author) => void; onUpdated?: undefined }
  | { author: Author; onUpdated: (author: Author) => void; onCreated?: undefined }
);

/**
 * SPEC §2.13 / §5: the author form (every field required, photo included); 'Add Author' and 'Cancel'.
 * Given an author, it edits that author instead: the fields start with its values, the photo it has
 * stays unless a new one is chosen, and 'Save Changes' saves (authors/UpdateAuthors).
 */
export const AuthorForm = ({ author, onCreated, onUpdated, onCancel }: AuthorFormProps) => {
  const t = useT();
  const isEdit = author !== undefined;
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const create = useCreateAuthor();
  const update = useUpdateAuthor();
  const form = useForm<AuthorFormValues>({
    initial: () => (author ? authorFormValues(author) : EMPTY_AUTHOR),
    validate: async (values) => {
      // The same module the phone field is loaded from, so it is fetched once.
      const { isPossiblePhoneNumber } = await import('react-phone-number-input');
      return authorFormErrors(values, isPossiblePhoneNumber, { photoRequired: !isEdit });
    },
    serverFields: {
      firstName: 'Object.first_name',
      lastName: 'Object.last_name',
      email: 'Object.email_address',
      phone: 'Object.phone_number',
      bio: 'Object.bio',
      photo: 'fileName',
    },
  });
  const preview = useObjectUrl(form.values.photo);

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.gender === '') return;
    const fields = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      gender: values.gender,
      email: values.email.trim(),
      phone: values.phone,
      bio: values.bio.trim(),
    };
    if (author) {
      const saved = await update.mutateAsync({
        authorId: author.author_id,
        changes: { ...fields, photo: values.photo },
      });
      setPhotoInputKey((key) => key + 1);
      onUpdated?.(saved);
      return;
    }
    if (!values.photo) return;
    const created = await create.mutateAsync({ ...fields, photo: values.photo });
    // SPEC §4: on success the fields clear.
    form.reset(EMPTY_AUTHOR);
    setPhotoInputKey((key) => key + 1);
    onCreated?.(created);
  });

  const failed = form.failureMessage(
    isEdit ? t('admin.authors.form.saveFailed') : t('admin.authors.form.addFailed'),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('admin.authors.form.firstName')}
          name="first_name"
          autoComplete="given-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('firstName')}
        />
        <TextField
          label={t('admin.authors.form.lastName')}
          name="last_name"
          autoComplete="family-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('lastName')}
        />
      </div>
      <ChoiceField
        legend={t('admin.authors.form.gender')}
        name="gender"
        required
        value={form.values.gender}
        options={[
          { value: 'F', label: t('admin.authors.form.female') },
          { value: 'M', label: t('admin.authors.form.male') },
        ]}
        invalid={form.isInvalid('gender')}
        onChange={(value) => form.setValue('gender', value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('admin.authors.form.email')}
          type="email"
          name="email_address"
          autoComplete="email"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          placeholder={t('admin.authors.form.emailPlaceholder')}
          {...form.field('email')}
        />
        <Field label={t('admin.authors.form.phone')} error={form.error('phone')}>
          {(control) => (
            <Suspense
              fallback={
                <Input
                  disabled
                  aria-label={t('admin.authors.form.phone')}
                  placeholder={t('admin.authors.form.loading')}
                />
              }
            >
              <PhoneField
                {...control}
                aria-invalid={control['aria-invalid'] ?? form.isInvalid('phone')}
                required
                value={form.values.phone}
                onChange={(value) => form.setValue('phone', value)}
              />
            </Suspense>
          )}
        </Field>
      </div>
      <TextAreaField
        label={t('admin.authors.form.bio')}
        name="bio"
        required
        counterMax={COUNTER_LONG}
        maxLength={COUNTER_LONG}
        rows={4}
        placeholder={t('admin.authors.form.bioPlaceholder')}
        {...form.field('bio')}
      />
      <Field
        label={t('admin.authors.form.photo')}
        hint={isEdit ? t('admin.authors.form.photoHintEdit') : t('admin.authors.form.photoHint')}
        error={form.error('photo')}
      >
        {(control) => (
          <div className="flex items-center gap-4">
            {preview || author?.profile_picturePath ? (
              <img
                src={preview ?? author?.profile_picturePath ?? ''}
                alt={
                  preview ? t('admin.authors.form.chosenPortrait') : t('admin.authors.form.currentPortrait')
                }
                className="size-16 shrink-0 rounded-full object-cover"
              />
            ) : null}
            <FileInput
              key={photoInputKey}
              {...control}
              name="fileName"
              accept="image/*"
              required={!isEdit}
              aria-invalid={control['aria-invalid'] ?? form.isInvalid('photo')}
              onChange={(event) => form.setValue('photo', event.target.files?.[0] ?? null)}
            />
          </div>
        )}
      </Field>
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? <Alert>{failed}</Alert> : null}
      <FormActions
        onCancel={onCancel}
        isSubmitting={form.isSubmitting}
        submitLabel={isEdit ? t('admin.curriculum.lesson.saveChanges') : t('admin.courses.form.addAuthor')}
        loadingText={isEdit ? t('admin.courses.form.saving') : t('admin.curriculum.section.adding')}
      />
    </form>
  );
};

type AddAuthorModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (author: Author) => void;
};

/** SPEC §2.13: the course form's 'Add Author' modal. */
export const AddAuthorModal = ({ open, onClose, onCreated }: AddAuthorModalProps) => {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('admin.courses.form.addAuthor')} className="max-w-2xl">
      <AuthorForm
        onCancel={onClose}
        onCreated={(author) => {
          onCreated(author);
          onClose();
        }}
      />
    </Modal>
  );
};

type EditAuthorModalProps = {
  /** The author to edit; null keeps the modal closed. */
  authorId: number | null;
  onClose: () => void;
  onUpdated?: (author: Author) => void;
};

/** Edit an author (from the authors table and from a course's 'Edit Authors'): name, bio, photo, contact. */
export const EditAuthorModal = ({ authorId, onClose, onUpdated }: EditAuthorModalProps) => {
  const t = useT();
  const author = useAuthor(authorId);
  return (
    <Modal open={authorId !== null} onClose={onClose} title={t('admin.authors.edit')} className="max-w-2xl">
      {author.isPending ? (
        <LoadingBlock label={t('admin.authors.loadingOne')} />
      ) : author.isError ? (
        <Alert>{errorMessage(author.error, t('admin.authors.loadOneFailed'))}</Alert>
      ) : (
        <AuthorForm
          key={author.data.author_id}
          author={author.data}
          onCancel={onClose}
          onUpdated={(saved) => {
            notify.success(t('admin.authors.updated'));
            onUpdated?.(saved);
            onClose();
          }}
        />
      )}
    </Modal>
  );
};
