import type { Lesson, LessonVideo, Section } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import {
  isStaffOfLesson,
  type LessonRelease,
  mayBeCourseStaff,
  releasesOf,
  requireAccess,
  requireAccessOn,
} from '../access/access';
import {
  type LessonRow,
  listCurriculum,
  readStudentCurriculum,
  type SectionRow,
  startedLessonIds,
} from './curriculum.repository';
import type { CurriculumService } from './curriculum.service';

/**
 * A course's sections and lessons as their readers receive them (GetCourseSectionsByCourseId, the public
 * preview, a lesson's fresh file URL): the course's staff see everything, an enrolled student what is
 * published and open to it, a visitor the published preview. Each lesson as CurriculumService answers it.
 */
export class CurriculumReader {
  constructor(private readonly deps: { db: Db; curriculum: CurriculumService }) {}

  /**
   * GetCourseSectionsByCourseId: the course's staff see everything; an enrolled student sees the
   * published sections and lessons of a published course, with its own started flags and whether each
   * lesson is open to it yet (docs/decisions/032); nobody else.
   */
  async listForViewer(actor: Actor, courseId: number): Promise<Section[]> {
    // One who cannot be a course's staff reads what a student reads, checked on the facts read with it.
    if (!mayBeCourseStaff(actor)) return this.listForStudent(actor, courseId);
    const { db } = this.deps;
    const { staff } = await requireAccess(db, actor, 'course.learn', courseId);
    if (!staff) return this.listForStudent(actor, courseId);
    const { sections, lessons } = await listCurriculum(db, courseId, false);
    const [started, videos] = await Promise.all([
      startedLessonIds(
        db,
        actor.userId,
        lessons.map((l) => l.id),
      ),
      this.deps.curriculum.videosOf(lessons, actor.userId, true),
    ]);
    return this.assemble(sections, lessons, async (l) =>
      this.deps.curriculum.toLesson(
        l,
        await this.deps.curriculum.lessonUrl(l, actor.userId),
        started.has(l.id),
        videos,
      ),
    );
  }

  /**
   * A student's curriculum, in one query with the facts its access is decided on: nothing read is answered
   * unless `course.learn` allows it. Each lesson says whether the student started it and whether it is
   * open yet; a locked one has no file.
   */
  private async listForStudent(actor: Actor, courseId: number): Promise<Section[]> {
    const { course, sections, lessons, releaseFacts } = await readStudentCurriculum(
      this.deps.db,
      actor.userId,
      courseId,
    );
    requireAccessOn(actor, 'course.learn', course);
    const releases = releasesOf(releaseFacts);
    const open = lessons.filter((l) => !releases.get(l.id)?.locked);
    const videos = await this.deps.curriculum.videosOf(open, actor.userId, false);
    return this.assemble(sections, lessons, (l) => {
      const release = releases.get(l.id);
      return this.studentLesson(l, actor.userId, release?.started ?? false, release, videos);
    });
  }

  /** The public preview (no token): published only; files only for lessons flagged preview. */
  async listForPreview(courseId: number): Promise<Section[]> {
    const { db } = this.deps;
    // The check and the reading run side by side: nothing read is answered unless the check passes.
    const [, { sections, lessons }] = await Promise.all([
      requireAccess(db, null, 'course.read', courseId),
      listCurriculum(db, courseId, true),
    ]);
    const videos = await this.deps.curriculum.videosOf(
      lessons.filter((l) => l.preview),
      0,
      false,
    );
    return this.assemble(sections, lessons, async (l) =>
      this.deps.curriculum.toLesson(
        l,
        l.preview ? await this.deps.curriculum.lessonUrl(l, 0) : null,
        false,
        videos,
      ),
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
    return sections.map((s) => this.deps.curriculum.toSection(s, bySection.get(s.id) ?? []));
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
    const url = locked ? null : await this.deps.curriculum.lessonUrl(lesson, viewerId);
    return {
      ...this.deps.curriculum.toLesson(lesson, url, started, videos),
      locked,
      opens_at: release?.opensAt?.toISOString() ?? null,
    };
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
      this.deps.curriculum.lessonUrl(lesson, viewerId),
      this.deps.curriculum.videosOf([lesson], viewerId, isStaffOfLesson(viewerId, facts)),
    ]);
    const answer = { lesson_Id: lessonId, content_path: url };
    if (!(lesson.fileMime ?? '').startsWith('video/')) return answer;
    return { ...answer, video: (url && videos.get(lessonId)) || null };
  }
}
