import { type Author, COUNTER_LONG, COUNTER_SHORT, MSG } from '@skillwise/contracts';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { FileInput, Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useObjectUrl } from '@/lib/use-object-url';
import { useAuthor, useCreateAuthor, useUpdateAuthor } from '../api/authors';
import {
  type AuthorFormValues,
  authorFormValues,
  currentProblem,
  EMPTY_AUTHOR,
  INVALID_EMAIL,
  INVALID_PHONE,
  missingAuthorFields,
  validateAuthorForm,
} from '../lib/author-form';

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
  const [form, setForm] = useState<AuthorFormValues>(() =>
    author ? authorFormValues(author) : EMPTY_AUTHOR,
  );
  const [submittedProblem, setProblem] = useState<string | null>(null);
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const create = useCreateAuthor();
  const update = useUpdateAuthor();
  const save = isEdit ? update : create;
  const preview = useObjectUrl(form.photo);
  const photoRule = { photoRequired: !isEdit };
  // 'All fields are required.' goes as soon as every field is filled in.
  const problem = currentProblem(submittedProblem, form, photoRule);

  const set = <K extends keyof AuthorFormValues>(field: K, value: AuthorFormValues[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const missing = problem === MSG.allFieldsRequired ? missingAuthorFields(form, photoRule) : [];
  const isMissing = (field: keyof AuthorFormValues) => missing.includes(field) || undefined;
  const error = save.error;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same module the phone field is loaded from, so it is fetched once.
    const { isPossiblePhoneNumber } = await import('react-phone-number-input');
    const found = validateAuthorForm(form, isPossiblePhoneNumber, photoRule);
    setProblem(found);
    if (found || form.gender === '') return;
    const fields = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      gender: form.gender,
      email: form.email.trim(),
      phone: form.phone,
      bio: form.bio.trim(),
    };
    if (author) {
      update.mutate(
        { authorId: author.author_id, changes: { ...fields, photo: form.photo } },
        {
          onSuccess: (saved) => {
            setPhotoInputKey((key) => key + 1);
            update.reset();
            onUpdated?.(saved);
          },
        },
      );
      return;
    }
    if (!form.photo) return;
    create.mutate(
      { ...fields, photo: form.photo },
      {
        onSuccess: (author) => {
          // SPEC §4: on success the fields clear.
          setForm(EMPTY_AUTHOR);
          setPhotoInputKey((key) => key + 1);
          create.reset();
          onCreated?.(author);
        },
      },
    );
  };

  const serverFieldError = (field: string) => fieldErrorFor(error, `Object.${field}`);
  const hasFieldDetails = ['first_name', 'last_name', 'gender', 'email_address', 'phone_number', 'bio'].some(
    (field) => serverFieldError(field),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          name="first_name"
          autoComplete="given-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          aria-invalid={isMissing('firstName')}
          value={form.firstName}
          onChange={(event) => set('firstName', event.target.value)}
          error={serverFieldError('first_name')}
        />
        <TextField
          label="Last Name"
          name="last_name"
          autoComplete="family-name"
          required
          counterMax={COUNTER_SHORT}
          maxLength={COUNTER_SHORT}
          aria-invalid={isMissing('lastName')}
          value={form.lastName}
          onChange={(event) => set('lastName', event.target.value)}
          error={serverFieldError('last_name')}
        />
      </div>
      <ChoiceField
        legend="Gender"
        name="gender"
        required
        value={form.gender}
        options={GENDERS}
        invalid={isMissing('gender')}
        onChange={(value) => set('gender', value)}
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
          aria-invalid={isMissing('email') || (problem === INVALID_EMAIL ? true : undefined)}
          value={form.email}
          onChange={(event) => set('email', event.target.value)}
          error={serverFieldError('email_address')}
        />
        <Field
          label="Phone Number"
          error={problem === INVALID_PHONE ? INVALID_PHONE : serverFieldError('phone_number')}
        >
          {(control) => (
            <Suspense fallback={<Input disabled aria-label="Phone Number" placeholder="Loading..." />}>
              <PhoneField
                {...control}
                aria-invalid={control['aria-invalid'] ?? isMissing('phone')}
                required
                value={form.phone}
                onChange={(value) => set('phone', value)}
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
        value={form.bio}
        onChange={(value) => set('bio', value)}
        error={serverFieldError('bio')}
      />
      <Field
        label="Photo"
        hint={
          isEdit
            ? 'A JPEG, PNG, GIF or WebP picture. Choose one only to replace the current photo.'
            : 'A JPEG, PNG, GIF or WebP picture.'
        }
        error={fieldErrorFor(error, 'fileName')}
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
              aria-invalid={control['aria-invalid'] ?? isMissing('photo')}
              onChange={(event) => set('photo', event.target.files?.[0] ?? null)}
            />
          </div>
        )}
      </Field>
      {problem && problem !== INVALID_PHONE ? <Alert>{problem}</Alert> : null}
      {save.isError && !hasFieldDetails && !fieldErrorFor(error, 'fileName') ? (
        <Alert>
          {errorMessage(
            error,
            isEdit
              ? 'The author could not be saved. Please try again.'
              : 'The author could not be added. Please try again.',
          )}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending} loadingText={isEdit ? 'Saving...' : 'Adding...'}>
          {isEdit ? 'Save Changes' : 'Add Author'}
        </Button>
      </div>
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
