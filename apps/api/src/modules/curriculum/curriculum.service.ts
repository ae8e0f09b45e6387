import type { KeyObject } from 'node:crypto';
import {
  type ContentType,
  isQuizLesson,
  type Lesson,
  type LessonVideo,
  QUIZ_CONTENT_TYPE,
  type ReleaseMode,
  type Section,
} from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publishSectionsAndLessons } from '../../db/queries/publishing';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { storedMediaDuration } from '../../lib/media-duration';
import { lessonFileUrl } from '../../lib/media-urls';
import type { Sniffed } from '../../lib/sniff';
import type { FileStorage } from '../../lib/storage';
import type { ReceivedFile } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import { courseReleases, isStaffOfLesson, type LessonRelease, requireAccess } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import type { VideoService } from '../video/video.service';
import {
  deleteLesson,
  deleteSection,
  findLessonByFileKey,
  insertLesson,
  insertSection,
  type LessonRow,
  listCurriculum,
  listSectionLessonIds,
  lockFileKey,
  type SectionReleaseValues,
  type SectionRow,
  saveLessonOrder,
  startedLessonIds,
  updateLesson,
  updateSection,
} from './curriculum.repository';

export type CurriculumDeps = {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The media-URL key (lib/keys.ts). */
  mediaUrlKey: KeyObject;
  config: Config;
  /** Tells enrolled students of lessons that become visible to them. */
  notifications: NotificationService;
  /** A video lesson's streaming copies, poster and captions in its answer (docs/decisions/041). */
  video?: VideoService;
};

/** What a stored file is, from its MIME type: the kinds a lesson's content type names. */
export const kindOfMime = (mime: string | null): Sniffed['kind'] | undefined => {
  if (!mime) return undefined;
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('text/')) return 'text';
  return undefined;
};

const KIND_WORD: Record<Sniffed['kind'], string> = {
  pdf: 'a PDF',
  video: 'a video',
  audio: 'an audio file',
  text: 'a plain-text file',
  image: 'an image',
};

const LESSON_KINDS = new Set<Sniffed['kind']>(['pdf', 'video', 'audio', 'text']);
const BULK_KINDS = new Set<Sniffed['kind']>(['image', 'video', 'pdf']);

/** A lesson's file (lessons/createLessons, resumable uploads): why one of this kind is refused, if it is. */
export const refuseLessonFile = (file: Sniffed) =>
  LESSON_KINDS.has(file.kind)
    ? undefined
    : 'A lesson file must be a PDF, a video, an audio file or plain text.';
/** A bulk-uploaded file (lessons/UploadLesson, resumable uploads): why one of this kind is refused, if it is. */
export const refuseBulkFile = (file: Sniffed) =>
  BULK_KINDS.has(file.kind) ? undefined : 'Bulk upload takes images, videos and PDF files only.';

/** The 415 for a file that is not what the lesson's content type says. */
export const mismatch = (contentType: ContentType, file: Sniffed['kind']) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The file is ${KIND_WORD[file]}, not ${KIND_WORD[contentType]}: choose a matching content type.`,
    [{ field: 'fileName', message: `is ${KIND_WORD[file]}, not ${KIND_WORD[contentType]}` }],
  );

/** A lesson's title from an uploaded file's name: the name only, never its path. */
export const titleFromFilename = (filename: string) => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  // Control characters (below U+0020, and DEL) are dropped; runs of spaces become one.
  const printable = [...withoutExtension]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f')
    .join('');
  const clean = printable.replace(/\s+/g, ' ').trim();
  return clean.slice(0, 100) || 'Untitled lesson';
};

/**
 * A section's schedule as the authoring calls give it (docs/decisions/032): the mode, with the date or
 * the days it needs; the other of the two is cleared. Absent: the schedule stays as it is.
 */
export type SectionReleaseInput = {
  mode?: ReleaseMode | undefined;
  at?: Date | null | undefined;
  days?: number | null | undefined;
};

const releaseColumns = (release: SectionReleaseInput | undefined): SectionReleaseValues =>
  release?.mode === undefined
    ? {}
    : {
        releaseMode: release.mode,
        releaseAt: release.mode === 'on_date' ? (release.at ?? null) : null,
        releaseDays: release.mode === 'after_days' ? (release.days ?? null) : null,
      };

/** A lesson's stored file with its length, read before any transaction begins (null: not known). */
type MeasuredFile = ReceivedFile & { durationSeconds: number | null };

/** A lesson's file columns from a stored file; a new file brings its own length (null for a PDF or text). */
const fileColumns = (file: MeasuredFile) => ({
  fileKey: file.key,
  fileMime: file.mime,
  fileSize: file.size,
  durationSeconds: file.durationSeconds,
});

/** A lesson of lessons/UploadLesson: titled after its file, typed by its MIME type. */
const bulkLesson = (sectionId: number, file: MeasuredFile) => ({
  sectionId,
  title: titleFromFilename(file.filename),
  contentType: file.mime,
  ...fileColumns(file),
});

/** Sections and lessons (courseSections/*, lessons/*), always within the course's own organisation. */
export class CurriculumService {
  constructor(private readonly deps: CurriculumDeps) {}

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

  /** A viewer's URL to the lesson's file (lib/media-urls.ts); the caller has checked the viewer may have it. */
  private async lessonUrl(lesson: LessonRow, viewerId: number): Promise<string | null> {
    if (!lesson.fileKey) return null;
    const { storage, mediaUrlKey, config } = this.deps;
    return lessonFileUrl(
      { storage, key: mediaUrlKey, ttlHours: config.mediaUrlTtlHours },
      { id: lesson.id, fileKey: lesson.fileKey, fileMime: lesson.fileMime },
      viewerId,
    );
  }

  /**
   * The `video` field of the lessons among `lessons` a viewer has the file of (docs/decisions/041): two
   * or three queries whatever their number.
   */
  private videosOf(
    lessons: LessonRow[],
    viewerId: number,
    staff: boolean,
  ): Promise<Map<number, LessonVideo>> {
    const { video } = this.deps;
    return video ? video.forLessons(lessons, viewerId, staff) : Promise.resolve(new Map());
  }

  /** The lesson as its author sees it after a change, with a fresh URL to its file. */
  private async authored(lesson: LessonRow, actor: Actor): Promise<Lesson> {
    const [url, videos] = await Promise.all([
      this.lessonUrl(lesson, actor.userId),
      this.videosOf([lesson], actor.userId, true),
    ]);
    return this.toLesson(lesson, url, false, videos);
  }

  /**
   * A lesson's answer; `videos` holds the video field of each video lesson whose file the viewer has: a
   * video lesson without one (locked, not a preview) says null.
   */
  toLesson(
    lesson: LessonRow,
    url: string | null,
    started: boolean,
    videos?: Map<number, LessonVideo>,
  ): Lesson {
    const isVideo = (lesson.fileMime ?? '').startsWith('video/');
    return {
      ...(isVideo && videos ? { video: (url && videos.get(lesson.id)) || null } : {}),
      lesson_Id: lesson.id,
      lesson_title: lesson.title,
      lessonType: lesson.contentType,
      contentType: lesson.contentType,
      content_path: url,
      contentFile: url,
      file_mime: lesson.fileMime,
      file_size: lesson.fileSize,
      section_Id: lesson.sectionId,
      order_number: lesson.orderNumber,
      published: lesson.published,
      preview: lesson.preview,
      lessonstarted: started,
    };
  }

  private toSection(section: SectionRow, lessons: Lesson[]): Section {
    return {
      section_Id: section.id,
      section_name: section.name,
      section_description: section.description,
      order_number: section.orderNumber,
      published: section.published,
      course_Id: section.courseId,
      lessons,
      release_mode: section.releaseMode,
      release_at: section.releaseAt?.toISOString() ?? null,
      release_days: section.releaseDays,
    };
  }

  /** A student's lesson with whether it is open to them: a locked one carries no URL to its file. */
  private async studentLesson(
    lesson: LessonRow,
    viewerId: number,
    started: boolean,
    release: LessonRelease | undefined,
    videos: Map<number, LessonVideo>,
  ): Promise<Lesson> {
    const locked = release?.locked ?? false;
    const url = locked ? null : await this.lessonUrl(lesson, viewerId);
    return {
      ...this.toLesson(lesson, url, started, videos),
      locked,
      opens_at: release?.opensAt?.toISOString() ?? null,
    };
  }

  /**
   * GetCourseSectionsByCourseId: the course's staff see everything; an enrolled student sees the
   * published sections and lessons of a published course, with its own started flags and whether each
   * lesson is open to it yet (docs/decisions/032); nobody else.
   */
  async listForViewer(actor: Actor, courseId: number): Promise<Section[]> {
    const { db } = this.deps;
    const { staff } = await requireAccess(db, actor, 'course.learn', courseId);
    const [{ sections, lessons }, releases] = await Promise.all([
      listCurriculum(db, courseId, !staff),
      courseReleases(db, actor, courseId, staff),
    ]);
    const started = await startedLessonIds(
      db,
      actor.userId,
      lessons.map((l) => l.id),
    );
    const open = staff ? lessons : lessons.filter((l) => !releases.get(l.id)?.locked);
    const videos = await this.videosOf(open, actor.userId, staff);
    if (staff) {
      return this.assemble(sections, lessons, async (l) =>
        this.toLesson(l, await this.lessonUrl(l, actor.userId), started.has(l.id), videos),
      );
    }
    return this.assemble(sections, lessons, (l) =>
      this.studentLesson(l, actor.userId, started.has(l.id), releases.get(l.id), videos),
    );
  }

  /** The public preview (no token): published only; files only for lessons flagged preview. */
  async listForPreview(courseId: number): Promise<Section[]> {
    const { db } = this.deps;
    // The check and the reading run side by side: nothing read is answered unless the check passes.
    const [, { sections, lessons }] = await Promise.all([
      requireAccess(db, null, 'course.read', courseId),
      listCurriculum(db, courseId, true),
    ]);
    const videos = await this.videosOf(
      lessons.filter((l) => l.preview),
      0,
      false,
    );
    return this.assemble(sections, lessons, async (l) =>
      this.toLesson(l, l.preview ? await this.lessonUrl(l, 0) : null, false, videos),
    );
  }

  private async assemble(
    sections: SectionRow[],
    lessons: LessonRow[],
    map: (l: LessonRow) => Promise<Lesson>,
  ): Promise<Section[]> {
    const mapped = await Promise.all(lessons.map(map));
    const bySection = new Map<number, Lesson[]>();
    for (const lesson of mapped) {
      const list = bySection.get(lesson.section_Id) ?? [];
      list.push(lesson);
      bySection.set(lesson.section_Id, list);
    }
    return sections.map((s) => this.toSection(s, bySection.get(s.id) ?? []));
  }

  /**
   * A fresh signed URL for one lesson (the player asks when the one it has expires): for the course's
   * staff, an enrolled student, or anyone when the lesson is a published preview.
   */
  async contentUrl(
    actor: Actor | null,
    lessonId: number,
  ): Promise<{ lesson_Id: number; content_path: string | null; video?: LessonVideo | null }> {
    const facts = await requireAccess(this.deps.db, actor, 'lesson.read', lessonId);
    const { lesson } = facts;
    const viewerId = actor?.userId ?? 0;
    const [url, videos] = await Promise.all([
      this.lessonUrl(lesson, viewerId),
      this.videosOf([lesson], viewerId, isStaffOfLesson(viewerId, facts)),
    ]);
    const answer = { lesson_Id: lessonId, content_path: url };
    if (!(lesson.fileMime ?? '').startsWith('video/')) return answer;
    return { ...answer, video: (url && videos.get(lessonId)) || null };
  }

  private ownedSection(actor: Actor, sectionId: number, db = this.deps.db) {
    return requireAccess(db, actor, 'section.update', sectionId);
  }

  private async ownedLesson(actor: Actor, lessonId: number, db = this.deps.db) {
    return (await requireAccess(db, actor, 'lesson.update', lessonId)).lesson;
  }

  private async sectionView(actor: Actor, sectionId: number): Promise<Section> {
    const section = await this.ownedSection(actor, sectionId);
    const { lessons } = await listCurriculum(this.deps.db, section.courseId, false);
    return this.toSection(
      section,
      await Promise.all(lessons.filter((l) => l.sectionId === sectionId).map((l) => this.authored(l, actor))),
    );
  }

  async addSection(
    actor: Actor & { orgId: number },
    input: {
      courseId: number;
      name: string;
      description: string;
      published: boolean;
      release?: SectionReleaseInput | undefined;
    },
  ): Promise<Section> {
    await requireAccess(this.deps.db, actor, 'course.update', input.courseId);
    const { release, ...values } = input;
    const section = await insertSection(this.deps.db, { ...values, ...releaseColumns(release) });
    return this.toSection(section, []);
  }

  async updateSection(
    actor: Actor & { orgId: number },
    sectionId: number,
    input: {
      name: string;
      description?: string | null | undefined;
      published?: boolean | undefined;
      orderNumber?: number | undefined;
      release?: SectionReleaseInput | undefined;
    },
  ): Promise<Section> {
    const before = await this.ownedSection(actor, sectionId);
    await this.deps.db.transaction(async (tx) => {
      await updateSection(tx, sectionId, {
        name: input.name,
        ...releaseColumns(input.release),
        ...(input.description === undefined || input.description === null
          ? {}
          : { description: input.description }),
        ...(input.published === undefined ? {} : { published: input.published }),
        ...(input.orderNumber === undefined ? {} : { orderNumber: input.orderNumber }),
      });
      // Only a section that becomes published shows its lessons to anyone new.
      if (input.published && !before.published) {
        await this.deps.notifications.lessonsPublished({ sectionId }, tx);
      }
    });
    return this.sectionView(actor, sectionId);
  }

  /**
   * courseSections/publishUnpublishSection. With `withLessons` (only when publishing), every lesson of the
   * section is published with it, in the same transaction (docs/decisions/017).
   */
  async setSectionPublished(
    actor: Actor & { orgId: number },
    sectionId: number,
    published: boolean,
    options: { withLessons?: boolean | undefined } = {},
  ): Promise<Section> {
    const before = await this.ownedSection(actor, sectionId);
    const withLessons = published && options.withLessons === true;
    await this.deps.db.transaction(async (tx) => {
      const made = withLessons ? await publishSectionsAndLessons(tx, { sectionId }) : { lessons: 0 };
      if (!withLessons) await updateSection(tx, sectionId, { published });
      // Its published lessons become visible to the course's students: when it was not published before,
      // or when lessons were published with it.
      if (published && (!before.published || made.lessons > 0)) {
        await this.deps.notifications.lessonsPublished({ sectionId }, tx);
      }
    });
    return this.sectionView(actor, sectionId);
  }

  /** The section and its lessons go; their files are queued for deletion by the same statement (decision 011). */
  async deleteSection(actor: Actor & { orgId: number }, sectionId: number): Promise<{ message: string }> {
    await this.ownedSection(actor, sectionId);
    await deleteSection(this.deps.db, sectionId);
    return { message: 'Deleted successfully!' };
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
    await this.ownedSection(actor, input.sectionId);
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
    return { created: saved.created, lesson: await this.authored(saved.lesson, actor) };
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
    const existing = await this.ownedLesson(actor, input.lessonId, db);
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
    const existing = input.lessonId === 0 ? undefined : await this.ownedLesson(actor, input.lessonId);
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
    return { created: false, lesson: await this.authored(lesson, actor) };
  }

  /**
   * Before a resumable upload begins: 404 unless the section, and the lesson its file will replace (when
   * not 0), belong to the publisher's organisation. The lesson is saved by `saveUploadedLesson`, which
   * checks again.
   */
  async checkLessonTarget(actor: Actor & { orgId: number }, sectionId: number, lessonId: number) {
    await this.ownedSection(actor, sectionId);
    if (lessonId !== 0) await this.ownedLesson(actor, lessonId);
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
      await this.ownedSection(actor, sectionId, tx);
      if (!input) return { created: true, lesson: await insertLesson(tx, bulkLesson(sectionId, measured)) };
      return this.writeLesson(tx, actor, { ...input, sectionId }, measured);
    });
    return { created: saved.created, lesson: await this.authored(saved.lesson, actor) };
  }

  /** lessons/UploadLesson: one file becomes one lesson titled after the file, typed by its MIME type. */
  async addUploadedLesson(
    actor: Actor & { orgId: number },
    sectionId: number,
    file: ReceivedFile,
  ): Promise<Lesson> {
    await this.ownedSection(actor, sectionId);
    const lesson = await insertLesson(this.deps.db, bulkLesson(sectionId, await this.measured(file)));
    return this.authored(lesson, actor);
  }

  async setLessonFlag(
    actor: Actor & { orgId: number },
    lessonId: number,
    change: { published: boolean } | { preview: boolean },
  ): Promise<Lesson> {
    const before = await this.ownedLesson(actor, lessonId);
    const lesson = await this.deps.db.transaction(async (tx) => {
      const updated = await updateLesson(tx, lessonId, change);
      // Only a lesson that becomes published is news to the course's students.
      if (updated && 'published' in change && change.published && !before.published) {
        await this.deps.notifications.lessonsPublished({ lessonIds: [lessonId] }, tx);
      }
      return updated;
    });
    if (!lesson) throw notFound('Lesson');
    return this.authored(lesson, actor);
  }

  /** The lesson goes; its file is queued for deletion by the same statement (decision 011). */
  async deleteLesson(actor: Actor & { orgId: number }, lessonId: number): Promise<{ message: string }> {
    await this.ownedLesson(actor, lessonId);
    await deleteLesson(this.deps.db, lessonId);
    return { message: 'Deleted successfully!' };
  }

  /** lessons/SaveLessonOrder: the ids must be exactly the section's lessons, each once. */
  async saveOrder(
    actor: Actor & { orgId: number },
    sectionId: number,
    orderedIds: number[],
  ): Promise<Lesson[]> {
    await this.ownedSection(actor, sectionId);
    const current = await listSectionLessonIds(this.deps.db, sectionId);
    const given = new Set(orderedIds);
    if (
      given.size !== orderedIds.length ||
      given.size !== current.length ||
      current.some((id) => !given.has(id))
    ) {
      throw new AppError('VALIDATION', "lesson_Ids: must list each of the section's lessons exactly once", [
        { field: 'lesson_Ids', message: "must list each of the section's lessons exactly once" },
      ]);
    }
    await saveLessonOrder(this.deps.db, sectionId, orderedIds);
    return (await this.sectionView(actor, sectionId)).lessons;
  }
}
