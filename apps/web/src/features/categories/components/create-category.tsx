import type { Category } from '@skillwise/contracts';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useT } from '@/lib/i18n/use-t';
import { useCreateCategory } from '../api/categories';
import { CategoryForm } from './category-form';

type CreateCategoryFormProps = {
  onCreated: (category: Category) => void;
  onCancel: () => void;
};

/** SPEC §2.13 Create Category; the form starts empty again after each success. */
export const CreateCategoryForm = ({ onCreated, onCancel }: CreateCategoryFormProps) => {
  const t = useT();
  const create = useCreateCategory();
  const [formKey, setFormKey] = useState(0);
  return (
    <CategoryForm
      key={formKey}
      submitLabel={t('admin.categories.create')}
      loadingText={t('admin.categories.creating')}
      onCancel={onCancel}
      onSubmit={async (input) => {
        const category = await create.mutateAsync(input);
        setFormKey((key) => key + 1);
        onCreated(category);
      }}
    />
  );
};

type CreateCategoryModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (category: Category) => void;
};

/** SPEC §2.13: the course form's 'Create Course Category' modal. */
export const CreateCategoryModal = ({ open, onClose, onCreated }: CreateCategoryModalProps) => {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('admin.courses.form.createCategory')}>
      <CreateCategoryForm
        onCancel={onClose}
        onCreated={(category) => {
          onCreated(category);
          onClose();
        }}
      />
    </Modal>
  );
};
