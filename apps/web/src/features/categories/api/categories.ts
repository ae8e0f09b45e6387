import type { Category } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storage } from '@/lib/storage';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

/** The organisation comes from the token; org_Id is sent because the contract names it. */
const orgId = () => storage.get('orgId') ?? '';

/** GET coursecategory/GetCourseCategoriesByOrgId */
export const listCategories = async (signal?: AbortSignal): Promise<Category[]> => {
  const list = await apiRequest<Category[] | null>('coursecategory/GetCourseCategoriesByOrgId', {
    query: { org_Id: orgId() },
    auth: true,
    signal,
  });
  return Array.isArray(list) ? list : [];
};

/** The organisation's categories, fresh on every screen that shows them. */
export const useCategories = () =>
  useQuery({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => listCategories(signal),
    staleTime: 0,
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
