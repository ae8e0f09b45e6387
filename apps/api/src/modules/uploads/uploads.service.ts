import {
  bulkLessonFieldsSchema,
  CONTENT_TYPE_VALUES,
  type ContentType,
  type Lesson,
  lessonFieldsSchema,
} from '@skillwise/contracts';
import { Metadata, type Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findReferencedKeys } from '../../db/queries/files';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { SNIFF_BYTES, sniff } from '../../lib/sniff';
import { type FileStorage, isFileKey, newFileKey } from '../../lib/storage';
import { extensionOf, parseObjectFields, tooLarge } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import type { LessonContentService } from '../curriculum/lesson-content.service';
import { mismatch, refuseBulkFile, refuseLessonFile } from '../curriculum/lesson-files';
import { SWEEP_GRACE_MS } from '../media/file-sweeper';
import type { StorageQuota } from '../organisations/storage-quota';
import type { ResumableFiles } from './resumable-store';

/**
 * How long a resumable upload's hold on its organisation's storage lives after its last request began:
 * the sweeper's grace period, after which the upload itself may be swept. Renewed by every PATCH (and
 * while a long one runs); one that lapsed is taken again, with the checks, when the upload resumes.
 */
export const RESUMABLE_LEASE_MS = SWEEP_GRACE_MS;
/** A PATCH that ends within this of its hold's last extension leaves the hold as it is. */
const HOLD_EXTENDED_WITHIN_MS = 60_000;

/** What an upload keeps in its metadata: the server's own values, never the client's `owner`. */
export type UploadMetadata = {
  /** The user who created it: nobody else may see or continue it. */
  owner: string;
  section_Id: string;
  filename: string;
  /** Present for an upload made like lessons/createLessons; absent for one made like lessons/UploadLesson. */
  lesson_Id?: string;
  lesson_title?: string;
  lessonType?: ContentType;
};

/** A new upload's generated key and the metadata it keeps. */
export type NewUpload = { id: string; metadata: UploadMetadata };

const DEFAULT_EXTENSION: Record<ContentType, string> = {
  pdf: 'pdf',
  video: 'mp4',
  audio: 'mp3',
  text: 'txt',
};

const isContentType = (value: string): value is ContentType =>
  (CONTENT_TYPE_VALUES as readonly string[]).includes(value);

/** The first `bytes` of a stored file, read by range. */
async function readHead(storage: FileStorage, key: string, bytes: number): Promise<Buffer> {
  if (bytes <= 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, { start: 0, end: bytes - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** The first bytes' type must be what the lesson (or bulk upload) takes: 415 otherwise. */
export function inspectUpload(upload: Upload, head: Buffer) {
  const found = sniff(head);
  const meta = upload.metadata as Partial<UploadMetadata> | undefined;
  const refusal = found
    ? meta?.lessonType
      ? refuseLessonFile(found)
      : refuseBulkFile(found)
    : 'This type of file is not accepted.';
  if (!found || refusal) {
    const message = refusal ?? 'This type of file is not accepted.';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, [{ field: 'file', message }]);
  }
  if (meta?.lessonType && found.kind !== meta.lessonType) throw mismatch(meta.lessonType, found.kind);
  return found;
}

/**
 * Resumable lesson uploads (tus, README "Additions"): created by the course organisation's publisher
 * with the fields of lessons/createLessons (or of lessons/UploadLesson) in Upload-Metadata, continued
 * only by the user who created them, and turned into the lesson by the curriculum's own code when the
 * last byte arrives.
 */
export class ResumableUploadService {
  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      lessons: LessonContentService;
      files: ResumableFiles;
      maxLessonBytes: number;
      /** The organisation's storage allowance: the upload's length is held from its creation to its end. */
      quota?: StorageQuota | undefined;
    },
  ) {}

  /** Where the uploads are written. */
  get files(): ResumableFiles {
    return this.deps.files;
  }

  /**
   * POST: the length (413 past MAX_LESSON_BYTES) and the metadata are checked, the section (and
   * lesson) must be the publisher's (404), and the length is held in the organisation's storage
   * allowance (409 PLAN_LIMIT when it does not fit, 409 CONFLICT past MAX_OPEN_UPLOADS open uploads),
   * before anything is stored. The caller releases the hold if the upload is then not created.
   */
  async prepare(
    actor: Actor & { orgId: number },
    headers: { length: string | undefined; deferLength: string | undefined; metadata: string | undefined },
  ): Promise<NewUpload> {
    if (headers.length === undefined || headers.deferLength !== undefined) {
      throw fieldError('Upload-Length', "the file's size must be given when the upload is created");
    }
    if (!/^\d{1,16}$/.test(headers.length))
      throw fieldError('Upload-Length', 'must be a whole number of bytes');
    const length = Number(headers.length);
    if (length === 0) throw fieldError('Upload-Length', 'the file is empty');
    if (length > this.deps.maxLessonBytes) throw tooLarge(this.deps.maxLessonBytes);

    let sent: Record<string, string | null>;
    try {
      sent = Metadata.parse(headers.metadata ?? '');
    } catch {
      throw fieldError('Upload-Metadata', 'must be key and base64 value pairs, separated by commas');
    }
    const text = (name: string) => sent[name] ?? undefined;
    const fields = (names: string[]) =>
      Object.fromEntries(
        names.flatMap((name) => (text(name) === undefined ? [] : [[name, text(name) ?? '']])),
      );
    const filename = (text('filename') ?? text('name') ?? '').slice(0, 255);
    const declaredExtension = extensionOf(text('filetype') ?? '');
    const held = async (upload: NewUpload) => {
      await this.deps.quota?.reserveUpload(actor.orgId, upload.id, length, RESUMABLE_LEASE_MS);
      return upload;
    };

    if (text('lesson_title') !== undefined) {
      const lesson = parseObjectFields(
        lessonFieldsSchema,
        fields(['lesson_Id', 'lesson_title', 'contentType', 'section_Id']),
      );
      if (!isContentType(lesson.contentType)) {
        throw fieldError('Object.contentType', 'must be one of pdf, text, audio, video');
      }
      await this.deps.lessons.checkLessonTarget(actor, lesson.section_Id, lesson.lesson_Id);
      const extension =
        declaredExtension === 'bin' ? DEFAULT_EXTENSION[lesson.contentType] : declaredExtension;
      return held({
        id: newFileKey(extension),
        metadata: {
          owner: String(actor.userId),
          section_Id: String(lesson.section_Id),
          filename,
          lesson_Id: String(lesson.lesson_Id),
          lesson_title: lesson.lesson_title,
          lessonType: lesson.contentType,
        },
      });
    }
    const bulk = parseObjectFields(bulkLessonFieldsSchema, fields(['section_Id', 'contentType']), '');
    await this.deps.lessons.checkLessonTarget(actor, bulk.section_Id, 0);
    return held({
      id: newFileKey(declaredExtension),
      metadata: { owner: String(actor.userId), section_Id: String(bulk.section_Id), filename },
    });
  }

  /** HEAD, PATCH, DELETE: the upload, when it is this user's; 404 for anyone else, as for no upload. */
  async ownUpload(actor: Actor, id: string): Promise<Upload> {
    if (!isFileKey(id)) throw notFound('Upload');
    const upload = await this.deps.files.store.getUpload(id).catch(() => undefined);
    if (!upload || upload.metadata?.owner !== String(actor.userId)) throw notFound('Upload');
    return upload;
  }

  /**
   * PATCH: the upload's hold on the storage allowance lives on (taken again, with its checks, if it
   * lapsed). A finished upload's file is recorded already and holds nothing.
   */
  async keepHold(actor: Actor & { orgId: number }, upload: Upload): Promise<void> {
    const { quota } = this.deps;
    if (!quota || upload.size === undefined || upload.offset >= upload.size) return;
    await quota.renewUpload(actor.orgId, upload.id, upload.size, RESUMABLE_LEASE_MS);
  }

  /**
   * Runs a PATCH, which may stream for longer than a lease, with the upload's hold extended every half
   * lease meanwhile and, when it ran for longer than a minute, once more at its end, so that the hold
   * outlives the upload's last write by a lease, less a minute at most (`keepHold` extended it as the
   * request began): an upload's PATCHes of 8 MiB each follow one another within a second, and one update
   * of the hold apiece is enough. A hold is never taken again here: `keepHold` did that before the
   * request was let in.
   */
  async whileHeld<T>(upload: Upload, run: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
    const { quota } = this.deps;
    if (!quota) return run();
    let extendedAt = Date.now();
    const extend = () => {
      extendedAt = Date.now();
      return quota
        .extendHold(upload.id, RESUMABLE_LEASE_MS)
        .catch((error: unknown) =>
          log.warn({ err: error, upload: upload.id }, 'an upload’s hold was not extended'),
        );
    };
    const renewal = setInterval(() => void extend(), RESUMABLE_LEASE_MS / 2).unref();
    try {
      return await run();
    } finally {
      clearInterval(renewal);
      if (Date.now() - extendedAt > HOLD_EXTENDED_WITHIN_MS) await extend();
    }
  }

  /**
   * After a request that may have ended the upload (a refusal of its first bytes removes it, a DELETE
   * terminates it, a creation may fail after its hold was taken): an upload no longer there holds
   * nothing.
   */
  async releaseIfGone(id: string): Promise<void> {
    const { quota, files } = this.deps;
    if (!quota) return;
    const exists = await files.store.getUpload(id).then(
      () => true,
      () => false,
    );
    if (!exists) await quota.release(id);
  }

  /**
   * The last byte arrived: the data becomes the stored file and the lesson is saved through the
   * curriculum's own code, once (a repeated final request answers the same lesson). The file's record
   * takes the place of the upload's hold (under the organisation's lock; refused only if the hold lapsed
   * and the room went meanwhile). A failure leaves no row, no file and no hold.
   */
  async finish(actor: Actor & { orgId: number }, upload: Upload): Promise<Lesson> {
    const { files, storage, lessons } = this.deps;
    const meta = upload.metadata as Partial<UploadMetadata> | undefined;
    const size = upload.size ?? 0;
    try {
      await files.settle(upload.id);
      const found = inspectUpload(upload, await readHead(storage, upload.id, Math.min(SNIFF_BYTES, size)));
      const file = { ...found, key: upload.id, size, filename: meta?.filename ?? '' };
      await this.deps.quota?.record(actor.orgId, file);
      const input =
        meta?.lessonType && meta.lesson_title !== undefined
          ? { lessonId: Number(meta.lesson_Id ?? 0), title: meta.lesson_title, contentType: meta.lessonType }
          : undefined;
      const { lesson } = await lessons.saveUploadedLesson(actor, Number(meta?.section_Id), input, file);
      return lesson;
    } catch (error) {
      // Unless a lesson already names the file (a first final request made it), nothing stays behind.
      const named = await findReferencedKeys(this.deps.db, [upload.id]).catch(() => new Set([upload.id]));
      if (!named.has(upload.id)) {
        await files.discard(upload.id);
        await this.deps.quota?.forget(upload.id);
        await this.deps.quota?.release(upload.id);
      }
      throw error;
    }
  }
}
