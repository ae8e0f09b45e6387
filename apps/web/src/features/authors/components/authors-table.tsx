import { AUTHORS_PAGE_SIZE, type Author } from '@skillwise/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { UserPlusIcon, UsersIcon } from '@/components/ui/icons';
import { PersonPhoto } from '@/components/ui/person-photo';
import { DeleteRowButton, EditRowButton } from '@/components/ui/row-action-buttons';
import { useRoleAllows } from '@/features/team';
import { formatCount, formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { useAuthors, useDeleteAuthor } from '../api/authors';
import { EditAuthorModal } from './author-form';

const NONE = '—';

const fullName = (author: Author) => `${author.first_name} ${author.last_name}`.trim();
const AuthorName = ({ author }: { author: Author }) => {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PersonPhoto
        src={author.profile_picturePath}
        firstName={author.first_name}
        lastName={author.last_name}
      />
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{fullName(author)}</p>
        <p className="text-xs text-slate-500">
          {t('admin.authors.teaches', { count: author.courses_count, n: formatCount(author.courses_count) })}
        </p>
      </div>
    </div>
  );
};

/**
 * SPEC §2.13 Authors: Name, Email, Email Output, Last Login, Joined, Purchases, Actions; 5 a page.
 * Authors do not sign in and buy nothing, so Email Output, Last Login and Purchases have no data (—);
 * the search box (inert in the spec's screens) finds authors by name or e-mail on the server, which
 * answers one page at a time (DESIGN 10). Actions edit an author (name, bio, photo, contact) or delete one.
 */
export const AuthorsTable = ({ onAddAuthor }: { onAddAuthor: () => void }) => {
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const authors = useAuthors({ page, pageSize: AUTHORS_PAGE_SIZE, search });
  const remove = useDeleteAuthor();
  const [deleting, setDeleting] = useState<Author | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const edit = (author: Author) => setEditingId(author.author_id);
  // Changing and deleting authors are the owners' and admins' (docs/decisions/039).
  const isStaff = useRoleAllows('staff');
  const pager = useListPager({ page, setPage }, authors, {
    label: t('admin.authors.pages'),
    pageSize: AUTHORS_PAGE_SIZE,
    noun: 'admin.authors.rowCount',
  });

  const columns: ReadonlyArray<DataColumn<Author>> = [
    {
      header: t('admin.authors.col.name'),
      cell: (author) => <AuthorName author={author} />,
      className: 'max-w-64',
      card: 'title',
    },
    {
      header: t('admin.authors.col.email'),
      cell: (author) => author.email_address,
      className: 'max-w-56 truncate text-slate-600',
      card: 'field',
      cardClassName: 'break-all text-slate-700',
    },
    { header: t('admin.authors.col.emailOutput'), cell: () => NONE, className: 'text-slate-400' },
    { header: t('admin.authors.col.lastLogin'), cell: () => NONE, className: 'text-slate-400' },
    {
      header: t('admin.authors.col.joined'),
      cell: (author) => formatDate(author.created_date),
      className: 'whitespace-nowrap text-slate-600',
      card: 'field',
    },
    {
      header: t('admin.authors.col.purchases'),
      cell: () => NONE,
      className: 'text-slate-400',
      card: 'field',
      cardClassName: 'text-slate-400',
    },
    {
      header: t('admin.authors.col.actions'),
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

  return (
    <div className="flex flex-col gap-5">
      <DataList
        label={t('admin.authors.label')}
        query={authors}
        rowKey={(author) => author.author_id}
        columns={columns}
        tableClassName="min-w-[720px]"
        loadingLabel={t('admin.authors.loading')}
        errorText={t('admin.authors.loadFailed')}
        search={{ label: t('admin.authors.search'), value: searchText, onChange: setSearchText }}
        actions={
          <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddAuthor} className="shrink-0">
            {t('admin.authors.create')}
          </Button>
        }
        empty={
          search !== '' ? (
            <EmptyState
              icon={<UsersIcon />}
              title={t('admin.authors.noMatch')}
              hint={t('admin.authors.noMatchHint')}
            />
          ) : (
            <EmptyState
              icon={<UsersIcon />}
              title={t('admin.authors.none')}
              hint={t('admin.authors.noneHint')}
              action={
                <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddAuthor}>
                  {t('admin.authors.create')}
                </Button>
              }
            />
          )
        }
        pager={pager}
      />
      <EditAuthorModal authorId={editingId} onClose={() => setEditingId(null)} />
      <RemoveDialog
        item={deleting}
        title={t('admin.authors.delete')}
        message={() => t('admin.authors.deleteConfirm')}
        confirmLabel={t('admin.categories.deleteConfirmLabel')}
        onClose={() => setDeleting(null)}
        remove={(author) => remove.mutateAsync(author.author_id)}
        done={() => t('admin.authors.deleted')}
        // The server refuses while a course shows the author and says so.
        failed={t('admin.authors.deleteFailed')}
      />
    </div>
  );
};
