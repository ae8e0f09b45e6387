import type { Author, Paged } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { publicFileUrl } from '../../lib/file-urls';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { ReceivedFile } from '../../lib/upload';
import {
  type AuthorRow,
  deleteAuthor,
  findAuthor,
  insertAuthor,
  listAuthors,
  updateAuthor,
} from './authors.repository';

const toAuthor = (row: AuthorRow): Author => ({
  author_id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  gender: row.gender,
  email_address: row.email,
  phone_number: row.phone,
  bio: row.bio,
  profile_picturePath: publicFileUrl(row.photoKey),
  org_Id: row.orgId,
  created_date: row.createdAt.toISOString(),
  courses_count: row.coursesCount,
});

export type NewAuthor = {
  first_name: string;
  last_name: string;
  gender: 'F' | 'M';
  email_address: string;
  phone_number?: string | undefined;
  bio?: string | undefined;
};

/** authors/*: records shown on courses, within the caller's organisation. */
/** An author's columns as the form gives them (a missing phone or bio is empty). */
const authorValues = (input: NewAuthor) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  gender: input.gender,
  email: input.email_address,
  phone: input.phone_number ?? '',
  bio: input.bio ?? '',
});

export class AuthorService {
  constructor(private readonly deps: { db: Db }) {}

  async list(orgId: number, list: ListQuery): Promise<Paged<Author>> {
    return mapPage(await listAuthors(this.deps.db, orgId, list), toAuthor);
  }

  async get(orgId: number, id: number): Promise<Author> {
    const row = await findAuthor(this.deps.db, orgId, id);
    if (!row) throw notFound('Author');
    return toAuthor(row);
  }

  /** The photo is already stored; the caller discards it if this fails. */
  async create(orgId: number, input: NewAuthor, photo: ReceivedFile): Promise<Author> {
    const id = await insertAuthor(this.deps.db, { orgId, ...authorValues(input), photoKey: photo.key });
    return this.get(orgId, id);
  }

  /**
   * Changes an author of the caller's organisation; a new photo (already stored, discarded by the caller
   * if this fails) replaces the old one, which the update queues for deletion (decision 011): it goes only
   * if the update commits. Another organisation's author is a 404.
   */
  async update(
    orgId: number,
    id: number,
    input: NewAuthor,
    photo: ReceivedFile | undefined,
  ): Promise<Author> {
    const row = await findAuthor(this.deps.db, orgId, id);
    if (!row) throw notFound('Author');
    await updateAuthor(this.deps.db, orgId, id, {
      ...authorValues(input),
      ...(photo ? { photoKey: photo.key } : {}),
    });
    return this.get(orgId, id);
  }

  /** An author still shown on a course is kept; otherwise the record goes and its photo is queued for deletion. */
  async delete(orgId: number, id: number): Promise<{ message: string }> {
    const row = await findAuthor(this.deps.db, orgId, id);
    if (!row) throw notFound('Author');
    if (row.coursesCount > 0) {
      throw new AppError(
        'CONFLICT',
        `This author is shown on ${row.coursesCount} course${row.coursesCount === 1 ? '' : 's'}; choose another author for ${row.coursesCount === 1 ? 'it' : 'them'} first.`,
      );
    }
    try {
      await deleteAuthor(this.deps.db, orgId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'CONFLICT',
          'This author is shown on a course; choose another author for it first.',
        );
      }
      throw error;
    }
    return { message: 'Deleted successfully!' };
  }
}
