import { ROLE } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher } from '../../../test/factories';
import { createTestContext, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { lessons, sections } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import type { NotificationService } from '../notifications/notifications.service';
import { CurriculumService } from './curriculum.service';

/**
 * Students hear of new lessons when a lesson or section becomes published: saving one that is published
 * already tells nobody again (the notice is not even attempted).
 */
let ctx: TestContext;
let actor: Actor & { orgId: number };
let curriculum: CurriculumService;
const notices: unknown[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const publisher = await createPublisher(ctx);
  actor = {
    sessionId: 0,
    userId: publisher.userId,
    email: publisher.email,
    fullName: 'Pat Publisher',
    role: ROLE.PUBLISHER,
    orgId: publisher.orgId ?? 0,
    team: 'owner',
    verified: true,
  };
  const counted = {
    lessonsPublished: async (what: unknown) => {
      notices.push(what);
    },
  } as unknown as NotificationService;
  curriculum = new CurriculumService({
    db: ctx.database.db,
    storage: ctx.storage,
    log: ctx.app.log,
    mediaUrlKey: TEST_KEYS.mediaUrls,
    config: ctx.config,
    notifications: counted,
  });
});
afterAll(async () => ctx.close());

async function draftSectionWithLesson() {
  const { db } = ctx.database;
  const course = await createCourse(ctx, actor.orgId);
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'One', published: false, orderNumber: 1 })
    .returning();
  if (!section) throw new Error('no section');
  const [lesson] = await db
    .insert(lessons)
    .values({ sectionId: section.id, title: 'Notes', contentType: 'pdf', published: false })
    .returning();
  if (!lesson) throw new Error('no lesson');
  return { sectionId: section.id, lessonId: lesson.id };
}

test('a lesson: published once tells once; published again or unpublished tells nothing', async () => {
  const { lessonId } = await draftSectionWithLesson();
  notices.length = 0;
  await curriculum.setLessonFlag(actor, lessonId, { published: true });
  expect(notices).toEqual([{ lessonIds: [lessonId] }]);
  await curriculum.setLessonFlag(actor, lessonId, { published: true });
  await curriculum.setLessonFlag(actor, lessonId, { preview: true });
  expect(notices).toHaveLength(1);
  // Unpublished, then published anew: that is news again.
  await curriculum.setLessonFlag(actor, lessonId, { published: false });
  await curriculum.setLessonFlag(actor, lessonId, { published: true });
  expect(notices).toHaveLength(2);
});

test('a section: publishing or saving it published tells only on the change', async () => {
  const { sectionId } = await draftSectionWithLesson();
  notices.length = 0;
  await curriculum.setSectionPublished(actor, sectionId, true);
  expect(notices).toEqual([{ sectionId }]);
  await curriculum.setSectionPublished(actor, sectionId, true);
  await curriculum.updateSection(actor, sectionId, { name: 'Renamed', published: true });
  expect(notices).toHaveLength(1);
  // Saved as a draft, then saved published: the change tells once more.
  await curriculum.updateSection(actor, sectionId, { name: 'Renamed', published: false });
  await curriculum.updateSection(actor, sectionId, { name: 'Renamed', published: true });
  expect(notices).toEqual([{ sectionId }, { sectionId }]);
});
