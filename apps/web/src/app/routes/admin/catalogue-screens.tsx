import { Card } from '@/components/ui/card';
import { Screen } from '@/components/ui/page-header';
import { AuthorForm } from '@/features/authors/components/author-form';
import { AuthorsTable } from '@/features/authors/components/authors-table';
import { CategoryList } from '@/features/categories/components/category-list';
import { CreateCategoryForm } from '@/features/categories/components/create-category';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useAdminSection } from './admin-layout';

/** SPEC §2.13 Category (key `category`). */
export const CategoryScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <Screen texts="admin.adminRoutes.category">
      <CategoryList onAddCategory={() => selectSection('newcategory')} />
    </Screen>
  );
};

/** SPEC §2.13 Create Category (key `newcategory`); back to the list once created. */
export const CreateCategoryScreen = () => {
  const t = useT();
  const { selectSection } = useAdminSection();
  return (
    <Screen texts="admin.adminRoutes.newCategory">
      <Card className="max-w-2xl p-5 sm:p-8">
        <CreateCategoryForm
          onCancel={() => selectSection('category')}
          onCreated={(category) => {
            notify.success(t('admin.adminRoutes.newCategory.created', { name: category.category_name }));
            selectSection('category');
          }}
        />
      </Card>
    </Screen>
  );
};

/** SPEC §2.13 Authors (key `authors`). */
export const AuthorsScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <Screen texts="admin.adminRoutes.authors">
      <AuthorsTable onAddAuthor={() => selectSection('createauthors')} />
    </Screen>
  );
};

/** SPEC §2.13 Create New Author (key `createauthors`); creating returns to the list. */
export const CreateAuthorScreen = () => {
  const t = useT();
  const { selectSection } = useAdminSection();
  return (
    <Screen texts="admin.adminRoutes.newAuthor">
      <Card className="max-w-3xl p-5 sm:p-8">
        <AuthorForm
          onCancel={() => selectSection('authors')}
          onCreated={(author) => {
            notify.success(
              t('admin.adminRoutes.newAuthor.added', { first: author.first_name, last: author.last_name }),
            );
            selectSection('authors');
          }}
        />
      </Card>
    </Screen>
  );
};
