import type { Author, Paged } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, objectFormData, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';
import { storage } from '@/lib/storage';

export const authorKeys = {
  all: ['authors'] as const,
  list: (paging: PageRequest) => [...authorKeys.all, 'list', paging] as const,
  one: (authorId: number) => [...authorKeys.all, 'one', authorId] as const,
};

/** The organisation comes from the token; org_Id is sent because the contract names it. */
const orgId = () => storage.get('orgId') ?? '';

/** GET authors/GetAuthorByOrgId?page&pageSize&search: one page, searched by name or e-mail. */
export const listAuthors = (paging: PageRequest, signal?: AbortSignal): Promise<Paged<Author>> =>
  apiPage<Author>('authors/GetAuthorByOrgId', paging, {
    query: { org_Id: orgId() },
    auth: true,
    signal,
  });

/** One page of the organisation's authors, fresh on every screen that shows them. */
export const useAuthors = (paging: PageRequest) =>
  usePageQuery(authorKeys.list(paging), (signal) => listAuthors(paging, signal), { fresh: true });

/** GET authors/GetAuthorById/{id} (an addition to SPEC §7): one author of the organisation, to edit. */
export const getAuthor = (authorId: number, signal?: AbortSignal): Promise<Author> =>
  apiRequest(`authors/GetAuthorById/${authorId}`, { auth: true, signal });

export const useAuthor = (authorId: number | null) =>
  useQuery({
    queryKey: authorKeys.one(authorId ?? 0),
    queryFn: ({ signal }) => getAuthor(authorId ?? 0, signal),
    enabled: authorId !== null,
    staleTime: 0,
  });

export type AuthorInput = {
  firstName: string;
  lastName: string;
  gender: 'F' | 'M';
  email: string;
  phone: string;
  bio: string;
  photo: File;
};

const authorForm = (input: Omit<AuthorInput, 'photo'> & { photo: File | null }, extra = {}) =>
  objectFormData(
    {
      ...extra,
      first_name: input.firstName,
      last_name: input.lastName,
      gender: input.gender,
      email_address: input.email,
      phone_number: input.phone,
      bio: input.bio,
      org_Id: orgId(),
    },
    { fileName: input.photo },
  );

/** POST authors/CreateAuthors (multipart): `Object.<field>` texts and the photo as `fileName`. */
export const createAuthor = (input: AuthorInput): Promise<Author> =>
  apiRequest('authors/CreateAuthors', { method: 'POST', auth: true, form: authorForm(input) });

export type AuthorChanges = Omit<AuthorInput, 'photo'> & {
  /** A new photo; without one the author keeps the current photo. */
  photo: File | null;
};

/**
 * PUT authors/UpdateAuthors (an addition to SPEC §7; multipart like CreateAuthors plus
 * `Object.author_id`).
 */
export const updateAuthor = (authorId: number, input: AuthorChanges): Promise<Author> =>
  apiRequest('authors/UpdateAuthors', {
    method: 'PUT',
    auth: true,
    form: authorForm(input, { author_id: authorId }),
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

/** Saves an author's changes; every list and the author itself are fetched afresh. */
export const useUpdateAuthor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ authorId, changes }: { authorId: number; changes: AuthorChanges }) =>
      updateAuthor(authorId, changes),
    onSuccess: (author) => {
      queryClient.setQueryData(authorKeys.one(author.author_id), author);
      return queryClient.invalidateQueries({ queryKey: authorKeys.all });
    },
  });
};

export const useDeleteAuthor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorKeys.all }),
  });
};
