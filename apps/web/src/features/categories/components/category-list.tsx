import { type Category, PAGE_SIZES } from '@skillwise/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PlusIcon, TagIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { DeleteRowButton, EditRowButton } from '@/components/ui/row-action-buttons';
import { AUTHORING_MSG } from '@/config/messages';
import { useRoleAllows } from '@/features/team';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useCategories, useDeleteCategory, useUpdateCategory } from '../api/categories';
import { CategoryForm } from './category-form';

const EditCategoryModal = ({ category, onClose }: { category: Category | null; onClose: () => void }) => {
  const t = useT();
  const update = useUpdateCategory();
  return (
    <Modal open={category !== null} onClose={onClose} title={t('admin.categories.edit')}>
      {category ? (
        <CategoryForm
          initial={{ name: category.category_name, description: category.category_description }}
          submitLabel={t('admin.curriculum.lesson.saveChanges')}
          loadingText={t('admin.courses.form.saving')}
          onCancel={onClose}
          onSubmit={(input) =>
            update.mutateAsync(
              { category, input },
              {
                onSuccess: () => {
                  notify.success(AUTHORING_MSG.categoryUpdated);
                  onClose();
                },
                // SPEC §8's toast; the form also says why in the dialog, which a toast stays behind.
                onError: (error) =>
                  notify.error(
                    AUTHORING_MSG.categoryUpdateFailed(errorMessage(error, t('admin.categories.tryLater'))),
                  ),
              },
            )
          }
        />
      ) : null}
    </Modal>
  );
};

const CategoryRow = ({
  category,
  onEdit,
  onDelete,
}: {
  category: Category;
  /** Absent for a member who may not change the school's categories (docs/decisions/039). */
  onEdit: (() => void) | undefined;
  onDelete: (() => void) | undefined;
}) => {
  const t = useT();
  return (
    <div className="flex items-start gap-4 px-4 py-4 sm:px-5">
      <span className="mt-0.5 hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-lg text-brand-600 sm:flex">
        <TagIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{category.category_name}</p>
        {category.category_description ? (
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-600">
            {category.category_description}
          </p>
        ) : null}
        <p className="mt-1.5 text-xs text-slate-500">
          {t('admin.categories.rowLine', {
            count: category.courses_count,
            n: formatCount(category.courses_count),
            date: formatDate(category.created_date),
          })}
        </p>
      </div>
      {onEdit && onDelete ? (
        <div className="flex shrink-0 items-center gap-1">
          <EditRowButton name={category.category_name} onClick={onEdit} />
          <DeleteRowButton name={category.category_name} onClick={onDelete} />
        </div>
      ) : null}
    </div>
  );
};

const PAGE_SIZE = PAGE_SIZES.categories;

/**
 * SPEC §2.13 Category: a list searched by name on the server, a page at a time, with edit and delete
 * per row and 'Add New Category'. Deleting the last row of the last page shows the page before.
 */
export const CategoryList = ({ onAddCategory }: { onAddCategory: () => void }) => {
  // Renaming and deleting categories are the owners' and admins' (docs/decisions/039).
  const t = useT();
  const isStaff = useRoleAllows('staff');
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const categories = useCategories({ page, pageSize: PAGE_SIZE, search });
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const pager = useListPager({ page, setPage }, categories, {
    label: t('admin.categories.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.categories.rowCount',
  });

  return (
    <div className="flex flex-col gap-5">
      <DataList
        label={t('admin.categories.label')}
        query={categories}
        rowKey={(category) => category.category_Id}
        item={(category) => (
          <CategoryRow
            category={category}
            onEdit={isStaff ? () => setEditing(category) : undefined}
            onDelete={isStaff ? () => setDeleting(category) : undefined}
          />
        )}
        loadingLabel={t('admin.categories.loading')}
        errorText={t('admin.categories.loadFailed')}
        search={{ label: t('admin.categories.search'), value: searchText, onChange: setSearchText }}
        actions={
          <Button leftIcon={<PlusIcon className="size-4" />} onClick={onAddCategory} className="shrink-0">
            {t('admin.categories.add')}
          </Button>
        }
        empty={
          search === '' ? (
            <EmptyState
              icon={<TagIcon />}
              title={t('admin.categories.none')}
              hint={t('admin.categories.noneHint')}
              action={
                <Button leftIcon={<PlusIcon className="size-4" />} onClick={onAddCategory}>
                  {t('admin.categories.add')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<TagIcon />}
              title={t('admin.categories.noMatch')}
              hint={t('admin.categories.tryAnotherName')}
            />
          )
        }
        pager={pager}
      />
      <EditCategoryModal category={editing} onClose={() => setEditing(null)} />
      <RemoveDialog
        item={deleting}
        title={t('admin.categories.delete')}
        message={() => AUTHORING_MSG.deleteCategoryConfirm}
        confirmLabel={t('admin.categories.deleteConfirmLabel')}
        onClose={() => setDeleting(null)}
        remove={(category) => remove.mutateAsync(category.category_Id)}
        done={() => AUTHORING_MSG.categoryDeleted}
        // SPEC §8: the server says why (a course still uses the category); show it.
        failed={(error) =>
          AUTHORING_MSG.categoryDeleteFailed(errorMessage(error, t('admin.categories.tryLater')))
        }
      />
    </div>
  );
};
