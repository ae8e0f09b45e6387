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
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useObjectUrl } from '@/lib/use-object-url';
import { useAuthor, useCreateAuthor, useUpdateAuthor } from '../api/authors';
import { type AuthorFormValues, authorFormErrors, authorFormValues, EMPTY_AUTHOR } from '../lib/author-form';

const PhoneField = lazy(() => import('./phone-field'));

const GENDERS = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
] as const;

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
    isEdit
      ? 'The author could not be saved. Please try again.'
      : 'The author could not be added. Please try again.',
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          name="first_name"
          autoComplete="given-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('firstName')}
        />
        <TextField
          label="Last Name"
          name="last_name"
          autoComplete="family-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          {...form.field('lastName')}
        />
      </div>
      <ChoiceField
        legend="Gender"
        name="gender"
        required
        value={form.values.gender}
        options={GENDERS}
        invalid={form.isInvalid('gender')}
        onChange={(value) => form.setValue('gender', value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          name="email_address"
          autoComplete="email"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          placeholder="author@example.com"
          {...form.field('email')}
        />
        <Field label="Phone Number" error={form.error('phone')}>
          {(control) => (
            <Suspense fallback={<Input disabled aria-label="Phone Number" placeholder="Loading..." />}>
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
        label="Bio"
        name="bio"
        required
        counterMax={COUNTER_LONG}
        maxLength={COUNTER_LONG}
        rows={4}
        placeholder="A few words learners will read on the course page"
        {...form.field('bio')}
      />
      <Field
        label="Photo"
        hint={
          isEdit
            ? 'A JPEG, PNG, GIF or WebP picture. Choose one only to replace the current photo.'
            : 'A JPEG, PNG, GIF or WebP picture.'
        }
        error={form.error('photo')}
      >
        {(control) => (
          <div className="flex items-center gap-4">
            {preview || author?.profile_picturePath ? (
              <img
                src={preview ?? author?.profile_picturePath ?? ''}
                alt={preview ? 'Chosen portrait' : 'Current portrait'}
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
        submitLabel={isEdit ? 'Save Changes' : 'Add Author'}
        loadingText={isEdit ? 'Saving...' : 'Adding...'}
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
export const AddAuthorModal = ({ open, onClose, onCreated }: AddAuthorModalProps) => (
  <Modal open={open} onClose={onClose} title="Add Author" className="max-w-2xl">
    <AuthorForm
      onCancel={onClose}
      onCreated={(author) => {
        onCreated(author);
        onClose();
      }}
    />
  </Modal>
);

type EditAuthorModalProps = {
  /** The author to edit; null keeps the modal closed. */
  authorId: number | null;
  onClose: () => void;
  onUpdated?: (author: Author) => void;
};

/** Edit an author (from the authors table and from a course's 'Edit Authors'): name, bio, photo, contact. */
export const EditAuthorModal = ({ authorId, onClose, onUpdated }: EditAuthorModalProps) => {
  const author = useAuthor(authorId);
  return (
    <Modal open={authorId !== null} onClose={onClose} title="Edit Author" className="max-w-2xl">
      {author.isPending ? (
        <LoadingBlock label="Loading the author..." />
      ) : author.isError ? (
        <Alert>{errorMessage(author.error, 'The author could not be loaded. Please try again.')}</Alert>
      ) : (
        <AuthorForm
          key={author.data.author_id}
          author={author.data}
          onCancel={onClose}
          onUpdated={(saved) => {
            notify.success('Author updated successfully');
            onUpdated?.(saved);
            onClose();
          }}
        />
      )}
    </Modal>
  );
};
