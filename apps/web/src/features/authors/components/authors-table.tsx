import { AUTHORS_PAGE_SIZE, type Author } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PencilIcon, TrashIcon, UserPlusIcon, UsersIcon } from '@/components/ui/icons';
import { ListPager } from '@/components/ui/list-pager';
import { PersonPhoto } from '@/components/ui/person-photo';
import { SearchInput } from '@/components/ui/search-input';
import { LoadingBlock } from '@/components/ui/spinner';
import { DESKTOP_MIN_WIDTH } from '@/config/app';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { isPageGone, useClampedPage, useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAuthors, useDeleteAuthor } from '../api/authors';
import { EditAuthorModal } from './author-form';

const NONE = '—';
const COLUMNS = ['Name', 'Email', 'Email Output', 'Last Login', 'Joined', 'Purchases', 'Actions'] as const;

const fullName = (author: Author) => `${author.first_name} ${author.last_name}`.trim();
const coursesLabel = (count: number) => (count === 1 ? 'Teaches 1 course' : `Teaches ${count} courses`);

const AuthorName = ({ author }: { author: Author }) => (
  <div className="flex min-w-0 items-center gap-3">
    <PersonPhoto src={author.profile_picturePath} firstName={author.first_name} lastName={author.last_name} />
    <div className="min-w-0">
      <p className="font-semibold break-words text-slate-900">{fullName(author)}</p>
      <p className="text-xs text-slate-500">{coursesLabel(author.courses_count)}</p>
    </div>
  </div>
);

const EditButton = ({ author, onEdit }: { author: Author; onEdit: (author: Author) => void }) => (
  <button
    type="button"
    onClick={() => onEdit(author)}
    aria-label={`Edit ${fullName(author)}`}
    title="Edit"
    className="flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700"
  >
    <PencilIcon className="size-4.5" />
  </button>
);

const DeleteButton = ({ author, onDelete }: { author: Author; onDelete: (author: Author) => void }) => (
  <button
    type="button"
    onClick={() => onDelete(author)}
    aria-label={`Delete ${fullName(author)}`}
    title="Delete"
    className="flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-rose-50 hover:text-rose-600"
  >
    <TrashIcon className="size-4.5" />
  </button>
);

/**
 * SPEC §2.13 Authors: Name, Email, Email Output, Last Login, Joined, Purchases, Actions; 5 a page.
 * Authors do not sign in and buy nothing, so Email Output, Last Login and Purchases have no data (—);
 * the search box (inert in the spec's screens) finds authors by name or e-mail on the server, which
 * answers one page at a time (DESIGN 10). Actions edit an author (name, bio, photo, contact) or delete one.
 */
export const AuthorsTable = ({ onAddAuthor }: { onAddAuthor: () => void }) => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const authors = useAuthors({ page, pageSize: AUTHORS_PAGE_SIZE, search });
  const remove = useDeleteAuthor();
  const isWide = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const [deleting, setDeleting] = useState<Author | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const edit = (author: Author) => setEditingId(author.author_id);
  useClampedPage(page, AUTHORS_PAGE_SIZE, authors, setPage);

  const items = authors.data?.rows ?? [];
  const total = authors.data?.total ?? 0;
  const isUpdating = authors.isPlaceholderData;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.author_id);
      notify.success('Author deleted successfully');
    } catch (error) {
      // The server refuses while a course shows the author and says so.
      notify.error(errorMessage(error, 'The author could not be deleted. Please try again.'));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          label="Search authors"
          value={searchText}
          onChange={setSearchText}
          className="sm:max-w-md"
        />
        <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddAuthor} className="shrink-0">
          Create New Author
        </Button>
      </div>
      {authors.isError ? <Alert>{errorMessage(authors.error, 'Could not load your authors.')}</Alert> : null}
      {authors.isPending || isPageGone(authors.data) ? (
        <LoadingBlock label="Loading authors..." />
      ) : authors.isError ? null : total === 0 && search !== '' ? (
        <EmptyState icon={<UsersIcon />} title="No author matches" hint="Try another name or e-mail." />
      ) : total === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title="No authors yet"
          hint="Authors are the teachers shown on your courses. Add one with a photo and a short bio."
          action={
            <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddAuthor}>
              Create New Author
            </Button>
          }
        />
      ) : (
        <>
          {isWide ? (
            <Card
              className={cn('overflow-x-auto', isUpdating && 'opacity-60')}
              aria-busy={isUpdating || undefined}
            >
              <table className="w-full min-w-[720px] text-left text-sm">
                <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={column === 'Actions' ? 'px-4 py-3 text-right' : 'px-4 py-3'}
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((author) => (
                    <tr key={author.author_id} className="align-middle">
                      <td className="max-w-64 px-4 py-3">
                        <AuthorName author={author} />
                      </td>
                      <td className="max-w-56 truncate px-4 py-3 text-slate-600">{author.email_address}</td>
                      <td className="px-4 py-3 text-slate-400">{NONE}</td>
                      <td className="px-4 py-3 text-slate-400">{NONE}</td>
                      <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                        {formatDate(author.created_date)}
                      </td>
                      <td className="px-4 py-3 text-slate-400">{NONE}</td>
                      <td className="px-4 py-3">
                        <div className="flex justify-end gap-1">
                          <EditButton author={author} onEdit={edit} />
                          <DeleteButton author={author} onDelete={setDeleting} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : (
            <ul
              className={cn('flex flex-col gap-3', isUpdating && 'opacity-60')}
              aria-label="Authors"
              aria-busy={isUpdating || undefined}
            >
              {items.map((author) => (
                <li key={author.author_id}>
                  <Card className="flex flex-col gap-3 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <AuthorName author={author} />
                      <div className="flex shrink-0 gap-1">
                        <EditButton author={author} onEdit={edit} />
                        <DeleteButton author={author} onDelete={setDeleting} />
                      </div>
                    </div>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                      <dt className="text-slate-500">Email</dt>
                      <dd className="min-w-0 break-all text-slate-700">{author.email_address}</dd>
                      <dt className="text-slate-500">Joined</dt>
                      <dd className="text-slate-700">{formatDate(author.created_date)}</dd>
                      <dt className="text-slate-500">Purchases</dt>
                      <dd className="text-slate-400">{NONE}</dd>
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <ListPager
            label="Authors pages"
            page={page}
            pageSize={AUTHORS_PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            noun={['author', 'authors']}
          />
        </>
      )}
      <EditAuthorModal authorId={editingId} onClose={() => setEditingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Author"
        message="Are you sure you want to delete this author?"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
};
