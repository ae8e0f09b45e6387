import { AUTHORS_PAGE_SIZE, type Author } from '@skillwise/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { UserPlusIcon, UsersIcon } from '@/components/ui/icons';
import { PersonPhoto } from '@/components/ui/person-photo';
import { DeleteRowButton, EditRowButton } from '@/components/ui/row-action-buttons';
import { useRoleAllows } from '@/features/team';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useAuthors, useDeleteAuthor } from '../api/authors';
import { EditAuthorModal } from './author-form';

const NONE = '—';

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
  const [deleting, setDeleting] = useState<Author | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const edit = (author: Author) => setEditingId(author.author_id);
  // Changing and deleting authors are the owners' and admins' (docs/decisions/039).
  const isStaff = useRoleAllows('staff');
  const pager = useListPager({ page, setPage }, authors, {
    label: 'Authors pages',
    pageSize: AUTHORS_PAGE_SIZE,
    noun: ['author', 'authors'],
  });

  const columns: ReadonlyArray<DataColumn<Author>> = [
    {
      header: 'Name',
      cell: (author) => <AuthorName author={author} />,
      className: 'max-w-64',
      card: 'title',
    },
    {
      header: 'Email',
      cell: (author) => author.email_address,
      className: 'max-w-56 truncate text-slate-600',
      card: 'field',
      cardClassName: 'break-all text-slate-700',
    },
    { header: 'Email Output', cell: () => NONE, className: 'text-slate-400' },
    { header: 'Last Login', cell: () => NONE, className: 'text-slate-400' },
    {
      header: 'Joined',
      cell: (author) => formatDate(author.created_date),
      className: 'whitespace-nowrap text-slate-600',
      card: 'field',
    },
    {
      header: 'Purchases',
      cell: () => NONE,
      className: 'text-slate-400',
      card: 'field',
      cardClassName: 'text-slate-400',
    },
    {
      header: 'Actions',
      align: 'end',
      card: 'aside',
      cell: (author) =>
        isStaff ? (
          <div className="flex justify-end gap-1">
            <EditRowButton name={fullName(author)} onClick={() => edit(author)} />
            <DeleteRowButton name={fullName(author)} onClick={() => setDeleting(author)} />
          </div>
        ) : null,
    },
  ];

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
      <DataList
        label="Authors"
        query={authors}
        rowKey={(author) => author.author_id}
        columns={columns}
        tableClassName="min-w-[720px]"
        loadingLabel="Loading authors..."
        errorText="Could not load your authors."
        search={{ label: 'Search authors', value: searchText, onChange: setSearchText }}
        actions={
          <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddAuthor} className="shrink-0">
            Create New Author
          </Button>
        }
        empty={
          search !== '' ? (
            <EmptyState icon={<UsersIcon />} title="No author matches" hint="Try another name or e-mail." />
          ) : (
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
          )
        }
        pager={pager}
      />
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
