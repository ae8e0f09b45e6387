import { type ContentType, isQuizLesson, type Lesson, QUIZ_CONTENT_TYPE } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { storedMediaDuration } from '../../lib/media-duration';
import type { ReceivedFile } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import { requireAccess } from '../access/access';
import {
  findLessonByFileKey,
  insertLesson,
  type LessonRow,
  lockFileKey,
  updateLesson,
} from './curriculum.repository';
import type { CurriculumDeps, CurriculumService } from './curriculum.service';
import { bulkLesson, fileColumns, KIND_WORD, kindOfMime, type MeasuredFile, mismatch } from './lesson-files';

/**
 * A lesson's content, saved by lessons/createLessons, lessons/UploadLesson and a finished resumable
 * upload (decision 008): its title, its type and its file, measured before any transaction and checked
 * against what the lesson says it is. Answered as CurriculumService answers a lesson after a change.
 */
export class LessonContentService {
  constructor(
    private readonly deps: CurriculumDeps,
    private readonly curriculum: CurriculumService,
  ) {}

  /**
   * The file with the seconds of a video or audio lesson file, read from its metadata by byte ranges of
   * the stored file (lib/media-duration.ts); null for other files and for a file it cannot read, which
   * fails no upload. Always before a transaction: a bucket's latency must not hold the database's connection.
   */
  private async measured(file: ReceivedFile): Promise<MeasuredFile> {
    const durationSeconds =
      file.kind === 'video' || file.kind === 'audio'
        ? await storedMediaDuration(this.deps.storage, file, this.deps.log)
        : null;
    return { ...file, durationSeconds };
  }

  /**
   * lessons/createLessons: lesson 0 is new; another id edits that lesson. A file is optional; when
   * given it must be what the content type says. A replaced file is queued for deletion by the update
   * itself, so it goes only if the update commits (decision 011). A lesson a bulk upload made from an
   * image keeps its type while it keeps its file ('image').
   */
  async saveLesson(
    actor: Actor & { orgId: number },
    input: {
      lessonId: number;
      title: string;
      contentType: ContentType | 'image' | 'quiz';
      sectionId: number;
    },
    file: ReceivedFile | undefined,
  ): Promise<{ created: boolean; lesson: Lesson }> {
    await requireAccess(this.deps.db, actor, 'section.update', input.sectionId);
    if (input.contentType === 'image') return this.renameImageLesson(actor, input, file);
    if (input.contentType === QUIZ_CONTENT_TYPE && file) {
      throw fieldError(
        'fileName',
        'must not be given for a quiz lesson: its questions are saved with quizzes/SaveQuiz',
      );
    }
    if (file && input.contentType !== QUIZ_CONTENT_TYPE && file.kind !== input.contentType) {
      throw mismatch(input.contentType, file.kind);
    }
    const contentType = input.contentType;
    const saved = await this.writeLesson(
      this.deps.db,
      actor,
      { ...input, contentType },
      file && (await this.measured(file)),
    );
    return { created: saved.created, lesson: await this.curriculum.authored(saved.lesson, actor) };
  }

  /**
   * Writes a lesson of lessons/createLessons into `db` (a transaction, for a resumable upload): rows only,
   * no storage. The caller has checked the section and measured the file.
   */
  private async writeLesson(
    db: Db,
    actor: Actor & { orgId: number },
    input: { lessonId: number; title: string; contentType: ContentType | 'quiz'; sectionId: number },
    file: MeasuredFile | undefined,
  ): Promise<{ created: boolean; lesson: LessonRow }> {
    if (file && input.contentType !== QUIZ_CONTENT_TYPE && file.kind !== input.contentType) {
      throw mismatch(input.contentType, file.kind);
    }
    const fileValues = file ? fileColumns(file) : {};
    if (input.lessonId === 0) {
      const lesson = await insertLesson(db, {
        sectionId: input.sectionId,
        title: input.title,
        contentType: input.contentType,
        ...fileValues,
      });
      return { created: true, lesson };
    }
    const existing = (await requireAccess(db, actor, 'lesson.update', input.lessonId)).lesson;
    // A quiz lesson stays one, and no other lesson becomes one: attempts and their grades belong to it.
    if (isQuizLesson(existing.contentType) !== (input.contentType === QUIZ_CONTENT_TYPE)) {
      throw fieldError(
        'Object.contentType',
        isQuizLesson(existing.contentType)
          ? 'must stay quiz: the lesson is a quiz'
          : 'cannot become quiz: make a new quiz lesson',
      );
    }
    const currentKind = kindOfMime(existing.fileMime);
    if (!file && currentKind && currentKind !== input.contentType) {
      throw new AppError('VALIDATION', `contentType: the lesson's file is ${KIND_WORD[currentKind]}`, [
        {
          field: 'Object.contentType',
          message: `does not match the lesson's file (${KIND_WORD[currentKind]})`,
        },
      ]);
    }
    const lesson = await updateLesson(db, existing.id, {
      title: input.title,
      contentType: input.contentType,
      sectionId: input.sectionId,
      ...fileValues,
    });
    if (!lesson) throw notFound('Lesson');
    return { created: false, lesson };
  }

  /** An image lesson (from a bulk upload) edited without a new file: its title and section change. */
  private async renameImageLesson(
    actor: Actor & { orgId: number },
    input: { lessonId: number; title: string; sectionId: number },
    file: ReceivedFile | undefined,
  ): Promise<{ created: boolean; lesson: Lesson }> {
    const existing =
      input.lessonId === 0
        ? undefined
        : (await requireAccess(this.deps.db, actor, 'lesson.update', input.lessonId)).lesson;
    if (!existing || file || kindOfMime(existing.fileMime) !== 'image') {
      throw new AppError('VALIDATION', 'Object.contentType: must be one of pdf, text, audio, video', [
        { field: 'Object.contentType', message: 'must be one of pdf, text, audio, video' },
      ]);
    }
    const lesson = await updateLesson(this.deps.db, existing.id, {
      title: input.title,
      sectionId: input.sectionId,
    });
    if (!lesson) throw notFound('Lesson');
    return { created: false, lesson: await this.curriculum.authored(lesson, actor) };
  }

  /**
   * Before a resumable upload begins: 404 unless the section, and the lesson its file will replace (when
   * not 0), belong to the publisher's organisation. The lesson is saved by `saveUploadedLesson`, which
   * checks again.
   */
  async checkLessonTarget(actor: Actor & { orgId: number }, sectionId: number, lessonId: number) {
    await requireAccess(this.deps.db, actor, 'section.update', sectionId);
    if (lessonId !== 0) await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
  }

  /**
   * A finished resumable upload becomes its lesson exactly as lessons/createLessons (`input`) or
   * lessons/UploadLesson (`input` undefined) would make it, once: the lesson is found by its file's key,
   * so a repeated final request, on any instance, answers the lesson the first one made. The transaction
   * writes rows only: the file is measured before it and the lesson's URL made after it, so nothing holds
   * the database's connection while waiting on the storage, and a replaced file is queued for deletion
   * only if it commits.
   */
  async saveUploadedLesson(
    actor: Actor & { orgId: number },
    sectionId: number,
    input: { lessonId: number; title: string; contentType: ContentType } | undefined,
    file: ReceivedFile,
  ): Promise<{ created: boolean; lesson: Lesson }> {
    const measured = await this.measured(file);
    const saved = await this.deps.db.transaction(async (tx) => {
      await lockFileKey(tx, file.key);
      const found = await findLessonByFileKey(tx, file.key);
      if (found) {
        // The lesson this upload made already: its course's staff may have it again.
        await requireAccess(tx, actor, 'lesson.update', found.lesson.id);
        return { created: false, lesson: found.lesson };
      }
      await requireAccess(tx, actor, 'section.update', sectionId);
      if (!input) return { created: true, lesson: await insertLesson(tx, bulkLesson(sectionId, measured)) };
      return this.writeLesson(tx, actor, { ...input, sectionId }, measured);
    });
    return { created: saved.created, lesson: await this.curriculum.authored(saved.lesson, actor) };
  }

  /** lessons/UploadLesson: one file becomes one lesson titled after the file, typed by its MIME type. */
  async addUploadedLesson(
    actor: Actor & { orgId: number },
    sectionId: number,
    file: ReceivedFile,
  ): Promise<Lesson> {
    await requireAccess(this.deps.db, actor, 'section.update', sectionId);
    const lesson = await insertLesson(this.deps.db, bulkLesson(sectionId, await this.measured(file)));
    return this.curriculum.authored(lesson, actor);
  }
}
