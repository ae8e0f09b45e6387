import { COUNTER_LONG, COUNTER_SHORT } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { useT } from '@/lib/i18n/use-t';
import { useForm } from '@/lib/use-form';
import type { CategoryInput } from '../api/categories';

type CategoryFormProps = {
  initial?: CategoryInput;
  submitLabel: string;
  loadingText: string;
  /** Saves the category (a mutation's mutateAsync); a refusal it throws is shown by the form. */
  onSubmit: (input: CategoryInput) => Promise<unknown>;
  onCancel: () => void;
};

/** SPEC §2.13: Category Name (00/100) and Category Description (00/450), Cancel and a submit button. */
export const CategoryForm = ({
  initial = { name: '', description: '' },
  submitLabel,
  loadingText,
  onSubmit,
  onCancel,
}: CategoryFormProps) => {
  const t = useT();
  const form = useForm({
    initial,
    validate: ({ name }) =>
      name.trim() === '' ? { fields: { name: t('admin.categories.form.nameRequired') } } : {},
    serverFields: { name: 'category_name', description: 'category_description' },
  });
  const failed = form.failureMessage(t('admin.categories.form.saveFailed'));

  return (
    <form
      onSubmit={form.handleSubmit(({ name, description }) =>
        onSubmit({ name: name.trim(), description: description.trim() }),
      )}
      noValidate
      className="flex flex-col gap-5"
    >
      <TextField
        label={t('admin.categories.form.name')}
        name="category_name"
        required
        counterMax={COUNTER_SHORT}
        maxLength={COUNTER_SHORT}
        placeholder={t('admin.categories.form.namePlaceholder')}
        {...form.field('name')}
      />
      <TextAreaField
        label={t('admin.categories.form.description')}
        name="category_description"
        counterMax={COUNTER_LONG}
        maxLength={COUNTER_LONG}
        rows={4}
        placeholder={t('admin.categories.form.descriptionPlaceholder')}
        {...form.field('description')}
      />
      {failed ? <Alert>{failed}</Alert> : null}
      <FormActions
        onCancel={onCancel}
        isSubmitting={form.isSubmitting}
        submitLabel={submitLabel}
        loadingText={loadingText}
      />
    </form>
  );
};
