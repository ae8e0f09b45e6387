import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { AuthorForm } from '@/features/authors/components/author-form';
import { AuthorsTable } from '@/features/authors/components/authors-table';
import { CategoryList } from '@/features/categories/components/category-list';
import { CreateCategoryForm } from '@/features/categories/components/create-category';
import { notify } from '@/lib/toast';
import { useAdminSection } from './admin-layout';

/** SPEC §2.13 Category (key `category`). */
export const CategoryScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <>
      <PageHeader title="Category" description="Group your courses into categories learners can browse." />
      <CategoryList onAddCategory={() => selectSection('newcategory')} />
    </>
  );
};

/** SPEC §2.13 Create Category (key `newcategory`); back to the list once created. */
export const CreateCategoryScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <>
      <PageHeader title="Create Category" description="Add a category with its name and description." />
      <Card className="max-w-2xl p-5 sm:p-8">
        <CreateCategoryForm
          onCancel={() => selectSection('category')}
          onCreated={(category) => {
            notify.success(`Category “${category.category_name}” created`);
            selectSection('category');
          }}
        />
      </Card>
    </>
  );
};

/** SPEC §2.13 Authors (key `authors`). */
export const AuthorsScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <>
      <PageHeader title="Authors" description="The authors who teach your courses." />
      <AuthorsTable onAddAuthor={() => selectSection('createauthors')} />
    </>
  );
};

/** SPEC §2.13 Create New Author (key `createauthors`); creating returns to the list. */
export const CreateAuthorScreen = () => {
  const { selectSection } = useAdminSection();
  return (
    <>
      <PageHeader title="Create New Author" description="Add an author with a photo and a short bio." />
      <Card className="max-w-3xl p-5 sm:p-8">
        <AuthorForm
          onCancel={() => selectSection('authors')}
          onCreated={(author) => {
            notify.success(`Author ${author.first_name} ${author.last_name} added`);
            selectSection('authors');
          }}
        />
      </Card>
    </>
  );
};
