import type {
  CatalogueCategory,
  CourseDetail,
  CourseFigures,
  CourseListItem,
  Paged,
  PriceType,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { publishSectionsAndLessons } from '../../db/queries/publishing';
import { assignCourse } from '../../db/queries/team';
import { fieldError, notFound } from '../../lib/errors';
import { publicFileUrl } from '../../lib/file-urls';
import { type ListQuery, mapPage } from '../../lib/paging';
import { JsonText } from '../../lib/response-cache';
import type { ReceivedFile } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import { isStaffOf, requireAccess, requireAccessOn } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import { dollars } from '../organisations/organisations.service';
import type { PlanLimits } from '../organisations/plan-limits';
import type { PayoutAccountService } from '../payments/payout-accounts.service';
import { recordAudit } from '../team/audit';
import {
  type CatalogueFilter,
  type CourseFiguresRow,
  type CourseWithAuthorRow,
  findCourseDetail,
  findCourseFigures,
  findPriceType,
  insertCourse,
  isOrgAuthor,
  isOrgCategory,
  listCatalogueCategories,
  listCoursesWithAuthors,
  listPriceTypes,
  listPublishedCoursePages,
  updateCourse,
} from './courses.repository';

/** The figures as the answers carry them (README "Additions": real figures of the course). */
export const toCourseFigures = (row: CourseFiguresRow): CourseFigures => ({
  students_count: row.students,
  published_lessons_count: row.lessons,
  duration_seconds: row.seconds,
  last_updated: row.lastUpdated.toISOString(),
});

export function toCourseListItem(row: CourseWithAuthorRow, figures?: CourseFiguresRow): CourseListItem {
  return {
    course_Id: row.id,
    course_title: row.title,
    course_description: row.description,
    course_image: publicFileUrl(row.imageKey),
    price: dollars(row.priceCents),
    price_type_Id: row.priceTypeId,
    category_Id: row.categoryId,
    author_id: row.authorId,
    certificate: row.certificate,
    org_Id: row.orgId,
    published: row.published,
    first_name: row.firstName,
    last_name: row.lastName,
    bio: row.bio,
    profile_picturePath: publicFileUrl(row.photoKey),
    ...(figures ? toCourseFigures(figures) : {}),
  };
}

export type CourseFields = {
  course_title: string;
  course_description: string;
  price: number;
  price_type_Id: number;
  category_id: number;
  author_id: number;
  certificate?: boolean | undefined;
  /** Each lesson opens once the one before it is completed (docs/decisions/032); absent: unchanged. */
  lessons_in_order?: boolean | undefined;
};

export class CourseService {
  constructor(
    private readonly deps: {
      db: Db;
      limits: PlanLimits;
      notifications: NotificationService;
      /** With PAYOUT_MODE=connected, a paid course is published only once its school can be paid. */
      payoutAccounts?: PayoutAccountService | undefined;
    },
  ) {}

  /**
   * The public catalogue: published courses only (DESIGN security model), searched on the title, the
   * description, the author's and the category's names, filtered and ordered as asked.
   */
  async listPublished(list: ListQuery, filter: CatalogueFilter = {}): Promise<Paged<CourseListItem>> {
    return this.withFigures(await listCoursesWithAuthors(this.deps.db, { published: true }, list, filter));
  }

  /** The category names of the catalogue's courses, for its filter (any organisation's). */
  async catalogueCategories(): Promise<CatalogueCategory[]> {
    return (await listCatalogueCategories(this.deps.db)).map((row) => ({
      category_name: row.name,
      courses_count: row.courses,
    }));
  }

  /**
   * A publisher's own courses, published or not; the organisation comes from the token. Without the
   * figures, which its screens do not show: the busiest list that is not cached reads no more than it shows.
   */
  async listForOrg(actor: Actor & { orgId: number }, list: ListQuery): Promise<Paged<CourseListItem>> {
    // An instructor lists the courses given to them; owners and admins every course of the school.
    const instructorId = isStaffOf(actor, actor.orgId) ? undefined : actor.userId;
    const scope = { orgId: actor.orgId, instructorId };
    return mapPage(await listCoursesWithAuthors(this.deps.db, scope, list), (row) => toCourseListItem(row));
  }

  /** Every published course's id and last change (the sitemap), at most `limit` of them, in id order. */
  async publishedCoursePages(limit: number): Promise<Array<{ id: number; lastUpdated: Date }>> {
    return listPublishedCoursePages(this.deps.db, limit);
  }

  /** A page of courses with their figures, read for the whole page in one more query. */
  private async withFigures(page: Paged<CourseWithAuthorRow>): Promise<Paged<CourseListItem>> {
    const figures = await findCourseFigures(
      this.deps.db,
      page.rows.map((row) => row.id),
    );
    return mapPage(page, (row) => toCourseListItem(row, figures.get(row.id)));
  }

  async priceTypes(): Promise<PriceType[]> {
    return (await listPriceTypes(this.deps.db)).map((p) => ({
      price_type_Id: p.id,
      price_type_name: p.name,
    }));
  }

  /** courses/details/{id}: a published course for anyone; an unpublished one only for its own staff. */
  async detail(actor: Actor | null, id: number): Promise<CourseDetail> {
    return JSON.parse(await this.detailJson(actor, id)) as CourseDetail;
  }

  /** A visitor's detail, as JSON text the public cache keeps and sends as it is. */
  async publicDetail(id: number): Promise<JsonText> {
    return new JsonText(await this.detailJson(null, id));
  }

  /**
   * The same answer as the database writes it, JSON text: a visitor's is cached and sent as it is, with
   * nothing parsed or serialized in this process (docs/decisions/053).
   */
  private async detailJson(actor: Actor | null, id: number): Promise<string> {
    const { db } = this.deps;
    const staff = actor ? (await requireAccess(db, actor, 'course.read', id)).staff : false;
    const row = await findCourseDetail(db, id, !staff);
    // A visitor is decided on the course the one query read: the busiest public answer is one statement.
    if (!actor) {
      const facts = row && { orgId: row.orgId, published: row.published, enrolled: false, assigned: false };
      requireAccessOn(null, 'course.read', facts);
    }
    if (!row) throw notFound('Course');
    return row.json;
  }

  /** The course if the caller may change it; 404 otherwise, so others learn nothing of it. */
  private getOwned(actor: Actor, id: number) {
    return requireAccess(this.deps.db, actor, 'course.update', id);
  }

  /** A course sold for nothing: its price type is free, or its price is 0. */
  private async isFree(course: { priceCents: number; priceTypeId: number }): Promise<boolean> {
    if (course.priceCents === 0) return true;
    return (await findPriceType(this.deps.db, course.priceTypeId))?.isFree === true;
  }

  /** Category and author must be this organisation's; a free price type means a price of 0. */
  private async checkFields(orgId: number, fields: CourseFields, sentAs: (name: string) => string) {
    const { db } = this.deps;
    const [category, author, priceType] = await Promise.all([
      isOrgCategory(db, orgId, fields.category_id),
      isOrgAuthor(db, orgId, fields.author_id),
      findPriceType(db, fields.price_type_Id),
    ]);
    if (!category) throw fieldError(sentAs('category_id'), 'is not a category of your organisation');
    if (!author) throw fieldError(sentAs('author_id'), 'is not an author of your organisation');
    if (!priceType) throw fieldError(sentAs('price_type_Id'), 'is not a known price type');
    if (priceType.isFree && fields.price !== 0)
      throw fieldError(sentAs('price'), 'must be 0 for a free course');
  }

  async create(
    actor: Actor & { orgId: number },
    fields: CourseFields,
    cover: ReceivedFile,
    sentAs: (name: string) => string,
  ): Promise<CourseDetail> {
    await this.checkFields(actor.orgId, fields, sentAs);
    const id = await this.deps.db.transaction(async (tx) => {
      const created = await insertCourse(tx, {
        orgId: actor.orgId,
        title: fields.course_title,
        description: fields.course_description,
        imageKey: cover.key,
        priceCents: fields.price,
        priceTypeId: fields.price_type_Id,
        categoryId: fields.category_id,
        authorId: fields.author_id,
        certificate: fields.certificate ?? false,
        lessonsInOrder: fields.lessons_in_order ?? false,
        createdBy: actor.userId,
      });
      // An instructor's new course is theirs to change (docs/decisions/039).
      if (!isStaffOf(actor, actor.orgId)) await assignCourse(tx, actor.userId, created);
      return created;
    });
    return this.detail(actor, id);
  }

  /**
   * A new cover replaces the old one, which the update queues for deletion (decision 011): it goes only if
   * the update commits.
   */
  async update(
    actor: Actor & { orgId: number },
    id: number,
    fields: CourseFields,
    cover: ReceivedFile | undefined,
    sentAs: (name: string) => string,
  ): Promise<CourseDetail> {
    await this.getOwned(actor, id);
    await this.checkFields(actor.orgId, fields, sentAs);
    await updateCourse(this.deps.db, id, {
      title: fields.course_title,
      description: fields.course_description,
      priceCents: fields.price,
      priceTypeId: fields.price_type_Id,
      categoryId: fields.category_id,
      authorId: fields.author_id,
      ...(fields.certificate === undefined ? {} : { certificate: fields.certificate }),
      ...(fields.lessons_in_order === undefined ? {} : { lessonsInOrder: fields.lessons_in_order }),
      ...(cover ? { imageKey: cover.key } : {}),
    });
    return this.detail(actor, id);
  }

  /**
   * courses/publishUnpublishCourse. With `withSectionsAndLessons` (only when publishing), every section
   * and lesson of the course is published with it, in the same transaction: all of it or, on any failure
   * (the plan's limit among them), none of it (docs/decisions/017).
   */
  async setPublished(
    actor: Actor & { orgId: number },
    id: number,
    published: boolean,
    options: { withSectionsAndLessons?: boolean | undefined } = {},
  ): Promise<CourseDetail> {
    const { db, limits, notifications } = this.deps;
    const course = await this.getOwned(actor, id);
    if (published && !course.published && this.deps.payoutAccounts && !(await this.isFree(course))) {
      await this.deps.payoutAccounts.checkCanSellPaid(course.orgId);
    }
    const withContents = published && options.withSectionsAndLessons === true;
    // Who published or unpublished it goes in the school's audit log, with the change (docs/decisions/039).
    const record = async (tx: Db) => {
      if (course.published === published) return;
      const action = published ? 'course.published' : 'course.unpublished';
      await recordAudit(tx, course.orgId, actor, action, course.title, { course_Id: id });
    };
    const publish = async (tx: Db) => {
      if (withContents) await publishSectionsAndLessons(tx, { courseId: id });
      await updateCourse(tx, id, { published });
      // Students enrolled are told of every lesson they can now open (once each).
      await notifications.lessonsPublished({ courseId: id }, tx);
      await record(tx);
    };
    if (published && !course.published) {
      await limits.withPublishSlot(actor.orgId, id, publish);
    } else if (withContents) {
      // Published already: its slot is taken, only its sections and lessons change.
      await db.transaction(publish);
    } else {
      await db.transaction(async (tx) => {
        await updateCourse(tx, id, { published });
        await record(tx);
      });
    }
    return this.detail(actor, id);
  }
}
