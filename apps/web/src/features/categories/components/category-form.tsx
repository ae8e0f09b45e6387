import { COUNTER_LONG, COUNTER_SHORT } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import type { CategoryInput } from '../api/categories';

const NAME_REQUIRED = 'Please enter a category name.';

type CategoryFormProps = {
  initial?: CategoryInput;
  submitLabel: string;
  loadingText: string;
  isPending: boolean;
  /** The failed call, for its message and field details. */
  error: unknown;
  /** False when the caller reports a failure itself (a toast), so it is not said twice. */
  showsError?: boolean;
  onSubmit: (input: CategoryInput) => void;
  onCancel: () => void;
};

/** SPEC §2.13: Category Name (00/100) and Category Description (00/450), Cancel and a submit button. */
export const CategoryForm = ({
  initial = { name: '', description: '' },
  submitLabel,
  loadingText,
  isPending,
  error,
  showsError = true,
  onSubmit,
  onCancel,
}: CategoryFormProps) => {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(NAME_REQUIRED);
      return;
    }
    setNameError(undefined);
    onSubmit({ name: name.trim(), description: description.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Category Name"
        name="category_name"
        required
        counterMax={COUNTER_SHORT}
        maxLength={COUNTER_SHORT}
        placeholder="e.g. Photography"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? fieldErrorFor(error, 'category_name')}
      />
      <TextAreaField
        label="Category Description"
        name="category_description"
        counterMax={COUNTER_LONG}
        maxLength={COUNTER_LONG}
        rows={4}
        placeholder="What learners will find in this category"
        value={description}
        onChange={setDescription}
        error={fieldErrorFor(error, 'category_description')}
      />
      {showsError &&
      error &&
      !fieldErrorFor(error, 'category_name') &&
      !fieldErrorFor(error, 'category_description') ? (
        <Alert>{errorMessage(error, 'The category could not be saved. Please try again.')}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};
