import type { KeyObject } from 'node:crypto';
import type { Lesson, LessonVideo, ReleaseMode, Section } from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publishSectionsAndLessons } from '../../db/queries/publishing';
import { AppError, notFound } from '../../lib/errors';
import { lessonFileUrl } from '../../lib/media-urls';
import type { FileStorage } from '../../lib/storage';
import type { Actor } from '../../plugins/auth';
import { requireAccess } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import type { VideoService } from '../video/video.service';
import {
  deleteLesson,
  deleteSection,
  insertSection,
  type LessonRow,
  listCurriculum,
  listSectionLessonIds,
  type SectionReleaseValues,
  type SectionRow,
  saveLessonOrder,
  updateLesson,
  updateSection,
} from './curriculum.repository';
import { CurriculumReader } from './curriculum-reader';
import { LessonContentService } from './lesson-content.service';

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

/**
 * Sections and lessons (courseSections/*, lessons/*), always within the course's own organisation: the
 * school's changes to its sections, lessons' flags and order, and a lesson and a section as every call
 * answers them. Reading a course's curriculum is `reader` (curriculum-reader.ts); saving a lesson's content
 * and file is `lessons` (lesson-content.service.ts); a lesson's file rules are lesson-files.ts.
 */
export class CurriculumService {
  /** A course's curriculum as its readers receive it. */
  readonly reader: CurriculumReader;
  /** A lesson's title, type and file, saved. */
  readonly lessons: LessonContentService;

  constructor(private readonly deps: CurriculumDeps) {
    this.reader = new CurriculumReader({ db: deps.db, curriculum: this });
    this.lessons = new LessonContentService(deps, this);
  }

  /** A viewer's URL to the lesson's file (lib/media-urls.ts); the caller has checked the viewer may have it. */
  async lessonUrl(lesson: LessonRow, viewerId: number): Promise<string | null> {
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
  videosOf(lessons: LessonRow[], viewerId: number, staff: boolean): Promise<Map<number, LessonVideo>> {
    const { video } = this.deps;
    return video ? video.forLessons(lessons, viewerId, staff) : Promise.resolve(new Map());
  }

  /** The lesson as its author sees it after a change, with a fresh URL to its file. */
  async authored(lesson: LessonRow, actor: Actor): Promise<Lesson> {
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

  toSection(section: SectionRow, lessons: Lesson[]): Section {
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
