import type { Author } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, objectFormData } from '@/lib/api-client';
import { storage } from '@/lib/storage';

export const authorKeys = {
  all: ['authors'] as const,
  list: () => [...authorKeys.all, 'list'] as const,
};

/** The organisation comes from the token; org_Id is sent because the contract names it. */
const orgId = () => storage.get('orgId') ?? '';

/** GET authors/GetAuthorByOrgId */
export const listAuthors = async (signal?: AbortSignal): Promise<Author[]> => {
  const list = await apiRequest<Author[] | null>('authors/GetAuthorByOrgId', {
    query: { org_Id: orgId() },
    auth: true,
    signal,
  });
  return Array.isArray(list) ? list : [];
};

export const useAuthors = () =>
  useQuery({ queryKey: authorKeys.list(), queryFn: ({ signal }) => listAuthors(signal), staleTime: 0 });

export type AuthorInput = {
  firstName: string;
  lastName: string;
  gender: 'F' | 'M';
  email: string;
  phone: string;
  bio: string;
  photo: File;
};

/** POST authors/CreateAuthors (multipart): `Object.<field>` texts and the photo as `fileName`. */
export const createAuthor = (input: AuthorInput): Promise<Author> =>
  apiRequest('authors/CreateAuthors', {
    method: 'POST',
    auth: true,
    form: objectFormData(
      {
        first_name: input.firstName,
        last_name: input.lastName,
        gender: input.gender,
        email_address: input.email,
        phone_number: input.phone,
        bio: input.bio,
        org_Id: orgId(),
      },
      { fileName: input.photo },
    ),
  });

/** DELETE authors/{id} (an addition to SPEC §7); refused (409) while a course shows the author. */
export const deleteAuthor = (authorId: number): Promise<{ message: string }> =>
  apiRequest(`authors/${authorId}`, { method: 'DELETE', auth: true });

export const useCreateAuthor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorKeys.all }),
  });
};

export const useDeleteAuthor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorKeys.all }),
  });
};
