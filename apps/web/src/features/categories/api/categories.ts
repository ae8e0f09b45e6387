import type { Category, Paged } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';
import { storage } from '@/lib/storage';

export const categoryKeys = {
  all: ['categories'] as const,
  list: (paging: PageRequest) => [...categoryKeys.all, 'list', paging] as const,
  one: (categoryId: number) => [...categoryKeys.all, 'one', categoryId] as const,
};

/** The organisation comes from the token; org_Id is sent because the contract names it. */
const orgId = () => storage.get('orgId') ?? '';

/** GET coursecategory/GetCourseCategoriesByOrgId?page&pageSize&search: one page, searched by name. */
export const listCategories = (paging: PageRequest, signal?: AbortSignal): Promise<Paged<Category>> =>
  apiPage<Category>('coursecategory/GetCourseCategoriesByOrgId', paging, {
    query: { org_Id: orgId() },
    auth: true,
    signal,
  });

/** One page of the organisation's categories, fresh on every screen that shows them. */
export const useCategories = (paging: PageRequest) =>
  usePageQuery(categoryKeys.list(paging), (signal) => listCategories(paging, signal), { fresh: true });

/** GET coursecategory/GetCourseCategoryByIdAsync?category_Id= */
export const getCategory = (categoryId: number, signal?: AbortSignal): Promise<Category> =>
  apiRequest('coursecategory/GetCourseCategoryByIdAsync', {
    query: { category_Id: categoryId },
    auth: true,
    signal,
  });

/** One category by id, asked for only when `enabled` (e.g. it is not on the page of options loaded). */
export const useCategory = (categoryId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: categoryKeys.one(categoryId ?? 0),
    queryFn: ({ signal }) => getCategory(categoryId ?? 0, signal),
    enabled: enabled && categoryId !== null,
  });

export type CategoryInput = { name: string; description: string };

/** POST coursecategory/CreateCourseCategory */
export const createCategory = (input: CategoryInput): Promise<Category> =>
  apiRequest('coursecategory/CreateCourseCategory', {
    method: 'POST',
    auth: true,
    body: {
      category_name: input.name,
      category_description: input.description,
      org_Id: orgId(),
      created_date: new Date().toISOString(),
    },
  });

/** PUT coursecategory/UpdateCourseCategoryAsync */
export const updateCategory = (category: Category, input: CategoryInput): Promise<Category> =>
  apiRequest('coursecategory/UpdateCourseCategoryAsync', {
    method: 'PUT',
    auth: true,
    body: {
      category_Id: category.category_Id,
      category_name: input.name,
      category_description: input.description,
      created_by: category.created_by,
      org_Id: category.org_Id,
    },
  });

/** DELETE coursecategory/DeleteCourseCategoryAsync; refused (409) while a course uses the category. */
export const deleteCategory = (categoryId: number): Promise<{ message: string }> =>
  apiRequest('coursecategory/DeleteCourseCategoryAsync', {
    method: 'DELETE',
    auth: true,
    query: { category_Id: categoryId },
  });

const useInvalidateCategories = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
};

export const useCreateCategory = () => {
  const invalidate = useInvalidateCategories();
  return useMutation({ mutationFn: createCategory, onSuccess: invalidate });
};

export const useUpdateCategory = () => {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ category, input }: { category: Category; input: CategoryInput }) =>
      updateCategory(category, input),
    onSuccess: invalidate,
  });
};

export const useDeleteCategory = () => {
  const invalidate = useInvalidateCategories();
  return useMutation({ mutationFn: deleteCategory, onSuccess: invalidate });
};
