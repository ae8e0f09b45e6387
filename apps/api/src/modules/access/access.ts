import { RELEASE_MSG, type ReleaseMode, ROLE, roleOf, TEAM_MSG, type TeamRole } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import {
  type CourseFacts,
  findCourseFacts,
  findCourseReleaseFacts,
  findLessonFacts,
  findSectionFacts,
  findUserFacts,
  type LessonFacts,
  type SectionFacts,
  type UserFacts,
} from './access.repository';

/**
 * Who may see or change what (DESIGN security model), in one place: every service and the media route ask
 * here, by a named permission, and nowhere else is an access rule written. Each permission reads the facts
 * of its kind of thing in one query for any number of ids, decides with one rule, and refuses the way the
 * API always has: 404 where existence stays hidden, 403 where the caller may know the thing exists.
 */

/** Who asks: a signed-in account, or null for a visitor. */
export type Subject = Pick<Actor, 'userId' | 'role' | 'orgId' | 'team'> | null;

export const NOT_ENROLLED_TO_REVIEW = 'Only students enrolled in this course can review it.';
export const NOT_YOUR_STUDENT_ACCOUNT = 'You can only change accounts your organisation created.';
export const NOT_A_PUBLISHER = 'Only an organisation’s publisher can do this.';

/**
 * The role an account holds on its school's team (docs/decisions/039): a publisher with an organisation
 * holds its stored team role; anyone else holds none.
 */
export const teamOf = (roleId: number, orgId: number | null, teamRole: TeamRole | null): TeamRole | null =>
  roleId === ROLE.PUBLISHER && orgId !== null ? (teamRole ?? 'owner') : null;

/** On the organisation's team, whatever the role. */
export const isMemberOf = (subject: Subject, orgId: number): boolean =>
  subject !== null &&
  subject.role === ROLE.PUBLISHER &&
  subject.orgId === orgId &&
  subject.team !== null &&
  subject.team !== undefined;

/**
 * Staff of an organisation: its owners and admins; they see and change its things whatever their state.
 * An instructor is staff of the courses given to them only (`teaches`).
 */
export const isStaffOf = (subject: Subject, orgId: number): boolean =>
  isMemberOf(subject, orgId) && (subject?.team === 'owner' || subject?.team === 'admin');

/** An owner of the organisation: its plan, payouts and payment accounts, and the team's owners. */
export const isSchoolOwnerOf = (subject: Subject, orgId: number): boolean =>
  isMemberOf(subject, orgId) && subject?.team === 'owner';

/** Staff of one course: the school's owners and admins, or an instructor given the course. */
const teaches = (subject: Subject, f: { orgId: number; assigned: boolean }): boolean =>
  isStaffOf(subject, f.orgId) ||
  (isMemberOf(subject, f.orgId) && subject?.team === 'instructor' && f.assigned);

/**
 * Whether the caller may be staff of some course (a publisher): its answers about a course may differ
 * from the public one, so they are never served from, or put into, the public cache.
 */
export const mayBeCourseStaff = (subject: Pick<Actor, 'role'> | null | undefined): boolean =>
  subject?.role === ROLE.PUBLISHER;

/**
 * The organisation of a member of its team (any role), or 403 for anyone who has none: what every member
 * may use (its courses list, filtered for an instructor; categories and authors to pick from; storage).
 */
export function publisherOrgOf(subject: Pick<Actor, 'role' | 'orgId'>): number {
  if (subject.role !== ROLE.PUBLISHER || subject.orgId === null) {
    throw new AppError('FORBIDDEN', NOT_A_PUBLISHER);
  }
  return subject.orgId;
}

/**
 * The organisation of one of its owners or admins, or 403: the school's own business (its students,
 * sales, settings, e-mail, team). An instructor is told its role does not allow it.
 */
export function schoolStaffOrgOf(subject: Pick<Actor, 'userId' | 'role' | 'orgId' | 'team'>): number {
  const orgId = publisherOrgOf(subject);
  if (!isStaffOf(subject, orgId)) throw new AppError('FORBIDDEN', TEAM_MSG.notYourRole);
  return orgId;
}

/** The organisation of one of its owners, or 403: its plan, payouts and payment accounts. */
export function schoolOwnerOrgOf(subject: Pick<Actor, 'userId' | 'role' | 'orgId' | 'team'>): number {
  const orgId = publisherOrgOf(subject);
  if (!isSchoolOwnerOf(subject, orgId)) throw new AppError('FORBIDDEN', TEAM_MSG.ownerOnly);
  return orgId;
}

/** The owners' and admins' organisation, or null for anyone else (who is nobody's staff). */
const staffOrg = (subject: Subject): number | null =>
  subject !== null && subject.orgId !== null && isStaffOf(subject, subject.orgId) ? subject.orgId : null;

/**
 * Release schedules and lessons in order (docs/decisions/032), decided here for one lesson (its facts)
 * and for a whole course's list alike, by `releaseOf`.
 */
export type SectionRelease = { mode: ReleaseMode; at: Date | null; days: number | null };

/** Whether a lesson is open to a student, and when it opens (null: once the earlier lessons are done). */
export type LessonRelease = { locked: boolean; opensAt: Date | null };

const OPEN: LessonRelease = { locked: false, opensAt: null };
const DAY_MS = 86_400_000;

/**
 * When a section opens to a student whose start (their enrolment, or the start the school gave them) is
 * `startAt`; null when it is open from the start. A date depends on the section alone, never on its place
 * in the course: moving sections shifts nothing.
 */
export function sectionOpensAt(release: SectionRelease, startAt: Date | null): Date | null {
  if (release.mode === 'on_date') return release.at;
  if (release.mode === 'after_days' && startAt !== null) {
    return new Date(startAt.getTime() + (release.days ?? 0) * DAY_MS);
  }
  return null;
}

type ReleaseFacts = {
  release: SectionRelease;
  /** The enrolment's date and the start the school gave (null for none, or no enrolment). */
  enrolledAt: Date | null;
  releaseStartAt: Date | null;
  releaseAll: boolean;
  preview: boolean;
  /** The course's lessons open in order and an earlier one is not completed by the student. */
  waitsOnEarlier: boolean;
};

/**
 * The one release rule for a student: a preview lesson is never locked; a section the school opened for
 * the student (release_all) is open whatever its schedule; otherwise a section opens on its date or its
 * days after the student's start, and in a course whose lessons open in order a lesson opens once every
 * earlier lesson is completed (a quiz: passed). The course's staff are never locked out (`lockedFor`).
 */
export function releaseOf(f: ReleaseFacts, now = Date.now()): LessonRelease {
  if (f.preview) return OPEN;
  if (!f.releaseAll) {
    const opensAt = sectionOpensAt(f.release, f.releaseStartAt ?? f.enrolledAt);
    if (opensAt !== null && opensAt.getTime() > now) return { locked: true, opensAt };
  }
  return f.waitsOnEarlier ? { locked: true, opensAt: null } : OPEN;
}

const lessonRelease = (f: LessonFacts): LessonRelease => releaseOf({ ...f, preview: f.lesson.preview });

/** Whether the lesson is not open yet to this caller: never for the course's staff. */
const lockedFor = (s: Subject, f: LessonFacts) => !teaches(s, f) && lessonRelease(f).locked;

/** The 403 a student gets for a lesson that is not open yet, saying when it opens. */
export const lockedLesson = (release: LessonRelease) =>
  forbidden(release.opensAt ? RELEASE_MSG.opensOn(release.opensAt) : RELEASE_MSG.completePrevious);

/** A counted lesson's release for one student, and whether the student has started it. */
export type StudentLessonRelease = LessonRelease & { started: boolean };

/**
 * Each counted lesson of a course (published, in a published section), whether it is open to the student
 * and whether the student started it, in one query: what the student's lists of the course (curriculum,
 * progress) show. Staff: empty, everything is open to them.
 */
export async function courseReleases(
  db: Db,
  subject: Subject,
  courseId: number,
  staff: boolean,
): Promise<Map<number, StudentLessonRelease>> {
  if (staff || subject === null) return new Map();
  return releasesOf(await findCourseReleaseFacts(db, subject.userId, courseId));
}

/** What one student's release of a counted lesson is decided on, with the student's progress in it. */
export type LessonReleaseFacts = Omit<ReleaseFacts, 'waitsOnEarlier'> & {
  lessonId: number;
  lessonsInOrder: boolean;
  started: boolean;
  completed: boolean;
};

/**
 * Each counted lesson's release for one student, from the course's counted lessons in course order
 * (`findCourseReleaseFacts`, or a query that reads the same facts with the curriculum).
 */
export function releasesOf(rows: Iterable<LessonReleaseFacts>): Map<number, StudentLessonRelease> {
  const releases = new Map<number, StudentLessonRelease>();
  const now = Date.now();
  let earlierIncomplete = false;
  for (const row of rows) {
    const waitsOnEarlier = row.lessonsInOrder && earlierIncomplete;
    releases.set(row.lessonId, { ...releaseOf({ ...row, waitsOnEarlier }, now), started: row.started });
    if (!row.completed) earlierIncomplete = true;
  }
  return releases;
}

/**
 * A lesson's content (its file, its signed URL): the course's staff; anyone for a preview lesson that is
 * visible (it, its section and its course published); an enrolled student for any visible lesson.
 */
const mayReadLesson = (s: Subject, f: LessonFacts) =>
  teaches(s, f) || (f.visible && (f.lesson.preview || (s !== null && f.enrolled)));

/** The same, once the lesson is open to the caller (docs/decisions/032). */
const mayReadOpenLesson = (s: Subject, f: LessonFacts) => mayReadLesson(s, f) && !lockedFor(s, f);

/** A lesson the caller could read but that is not open yet: 403 saying when it opens; otherwise missing. */
const refuseLesson = (missing: () => AppError) => (s: Subject, f: LessonFacts) =>
  mayReadLesson(s, f) && lockedFor(s, f) ? lockedLesson(lessonRelease(f)) : missing();

/** An account: itself; a publisher, for members of its organisation and for its students. */
const mayReadUser = (s: Subject, f: Kinds['user']) =>
  s !== null &&
  (s.userId === f.id ||
    (staffOrg(s) !== null && (f.orgId === s.orgId || (f.roleId === ROLE.STUDENT && f.member))));

/** Each kind's facts as its query reads them, which an allowed check answers. */
type Loaded = {
  course: CourseFacts;
  section: SectionFacts;
  lesson: LessonFacts;
  user: UserFacts;
};

/**
 * What the rules read of each kind: of a course, only its school, whether it is published and the
 * viewer's ties to it, so a query that reads a course for its own answer (a visitor's course detail) can
 * read just these and be decided by the same rule; of an account, its id, school, role, the school that
 * made it and whether it is the asking school's student (`requireAccountAccess`).
 */
type Kinds = Omit<Loaded, 'course' | 'user'> & {
  course: Pick<CourseFacts, 'orgId' | 'published' | 'enrolled' | 'assigned'>;
  user: Pick<UserFacts, 'id' | 'orgId' | 'roleId' | 'createdByOrgId' | 'member'>;
};

type Rule<K extends keyof Kinds> = {
  kind: K;
  allow: (subject: Subject, facts: Kinds[K]) => boolean;
  /** The refusal of a thing that exists but is not allowed; a missing one is always `missing`. */
  refuse?: (subject: Subject, facts: Kinds[K]) => AppError;
  missing: () => AppError;
};

const rule = <K extends keyof Kinds>(r: Rule<K>) => r;

const RULES = {
  /** See a course (detail, rating, reviews): published, or its staff. */
  'course.read': rule({
    kind: 'course',
    allow: (s, f) => f.published || teaches(s, f),
    missing: () => notFound('Course'),
  }),
  /**
   * Change a course, its sections and lessons, its students' enrolments; read its certificates and
   * results: the school's owners and admins, or an instructor given the course.
   */
  'course.update': rule({
    kind: 'course',
    allow: teaches,
    missing: () => notFound('Course'),
  }),
  /** Study a course (curriculum, progress): its staff, or a student enrolled in it while it is published. */
  'course.learn': rule({
    kind: 'course',
    allow: (s, f) => teaches(s, f) || (s !== null && f.published && f.enrolled),
    missing: () => notFound('Course'),
  }),
  /** Buy a course: any signed-in account, while it is published. */
  'course.buy': rule({
    kind: 'course',
    allow: (s, f) => s !== null && f.published,
    missing: () => notFound('Course'),
  }),
  /** Review a course: a student enrolled in it while it is published. */
  'course.review': rule({
    kind: 'course',
    allow: (s, f) => s !== null && s.role === ROLE.STUDENT && f.published && f.enrolled,
    refuse: (_s, f) => (f.published ? forbidden(NOT_ENROLLED_TO_REVIEW) : notFound('Course')),
    missing: () => notFound('Course'),
  }),
  'section.update': rule({
    kind: 'section',
    allow: teaches,
    missing: () => notFound('Section'),
  }),
  'lesson.update': rule({
    kind: 'lesson',
    allow: teaches,
    missing: () => notFound('Lesson'),
  }),
  /** A lesson's signed URL (curriculum's content URL); a lesson not open yet is a 403 saying when it opens. */
  'lesson.read': rule({
    kind: 'lesson',
    allow: mayReadOpenLesson,
    refuse: refuseLesson(() => notFound('Lesson')),
    missing: () => notFound('Lesson'),
  }),
  /**
   * Try a preview quiz without anything stored (quizzes/CheckPreviewQuiz, docs/decisions/033): whoever may
   * read the lesson, when it is a preview lesson (a preview lesson is never locked).
   */
  'lesson.preview': rule({
    kind: 'lesson',
    allow: (s, f) => f.lesson.preview && mayReadOpenLesson(s, f),
    missing: () => notFound('Lesson'),
  }),
  /** The lesson's file itself (the media route): the same rule, otherwise answered as a missing file. */
  'lesson.file.read': rule({
    kind: 'lesson',
    allow: mayReadOpenLesson,
    refuse: refuseLesson(() => notFound('File')),
    missing: () => notFound('File'),
  }),
  /**
   * Record progress, take a quiz: the course's staff (whose previews record nothing) or an enrolled
   * student, once the lesson is open to them (a 403 saying when it opens before).
   */
  'lesson.learn': rule({
    kind: 'lesson',
    allow: (s, f) => teaches(s, f) || (s !== null && f.visible && f.enrolled && !lessonRelease(f).locked),
    refuse: (s, f) =>
      s !== null && f.visible && f.enrolled ? lockedLesson(lessonRelease(f)) : notFound('Lesson'),
    missing: () => notFound('Lesson'),
  }),
  /** An account's profile. */
  'user.read': rule({ kind: 'user', allow: mayReadUser, missing: () => notFound('User') }),
  /**
   * Change an account's name or password: itself, or the publisher of the organisation that created that
   * student account (a student who signed up alone is never editable by a publisher).
   */
  'user.update': rule({
    kind: 'user',
    allow: (s, f) =>
      s !== null &&
      (s.userId === f.id ||
        (staffOrg(s) !== null && f.roleId === ROLE.STUDENT && f.createdByOrgId === s.orgId)),
    refuse: (s, f) => (mayReadUser(s, f) ? forbidden(NOT_YOUR_STUDENT_ACCOUNT) : notFound('User')),
    missing: () => notFound('User'),
  }),
  /** A student's courses and purchases: the student itself, or a publisher it is a student of. */
  'student.read': rule({
    kind: 'user',
    allow: (s, f) => s !== null && (s.userId === f.id || (staffOrg(s) !== null && f.member)),
    missing: () => notFound('Student'),
  }),
  /** What a publisher offers one of its students (the courses it has not got yet). */
  'student.manage': rule({
    kind: 'user',
    allow: (s, f) => staffOrg(s) !== null && f.member,
    missing: () => notFound('Student'),
  }),
  /** Enrol one of its students in a course, or take an assigned course away. */
  'student.enrol': rule({
    kind: 'user',
    allow: (s, f) => staffOrg(s) !== null && f.member && f.roleId === ROLE.STUDENT,
    missing: () => notFound('Student'),
  }),
} as const;

export type Permission = keyof typeof RULES;
type KindOf<P extends Permission> = (typeof RULES)[P]['kind'];
export type FactsOf<P extends Permission> = Loaded[KindOf<P>];
/** What the permission's rule reads: its facts, or (for a course or an account) the part it decides on. */
type RuleFactsOf<P extends Permission> = Kinds[KindOf<P>];

/**
 * What an allowed check answers: the thing's facts, and whether the caller is its staff (of a course, a
 * section or a lesson: its school's owners and admins, or an instructor given the course).
 */
export type Granted<P extends Permission> = FactsOf<P> & { staff: boolean };

const courseOfFacts = (facts: Kinds[keyof Kinds]): { orgId: number; assigned: boolean } | null =>
  'member' in facts ? null : (facts as { orgId: number; assigned: boolean });

async function loadFacts<P extends Permission>(
  db: Db,
  subject: Subject,
  permission: P,
  ids: readonly number[],
): Promise<Map<number, FactsOf<P>>> {
  const unique = [...new Set(ids)];
  const kind: keyof Kinds = RULES[permission].kind;
  const viewerId = subject?.userId ?? 0;
  const found =
    kind === 'course'
      ? await findCourseFacts(db, viewerId, unique)
      : kind === 'section'
        ? await findSectionFacts(db, viewerId, unique)
        : kind === 'lesson'
          ? await findLessonFacts(db, viewerId, unique)
          : await findUserFacts(db, staffOrg(subject) ?? 0, unique);
  return found as Map<number, FactsOf<P>>;
}

/** Whether the subject may use a thing whose facts are already read (by `requireAccess`) with this permission. */
export function allows<P extends Permission>(
  subject: Subject,
  permission: P,
  facts: RuleFactsOf<P>,
): boolean {
  const { allow } = RULES[permission] as unknown as Rule<keyof Kinds>;
  return allow(subject, facts);
}

/** The error a refused or missing thing answers, exactly as the API always has for this permission. */
function refusal<P extends Permission>(subject: Subject, permission: P, facts: RuleFactsOf<P> | undefined) {
  const r = RULES[permission] as unknown as Rule<keyof Kinds>;
  if (facts === undefined) return r.missing();
  return r.refuse ? r.refuse(subject, facts) : r.missing();
}

const granted = <F extends Kinds[keyof Kinds]>(subject: Subject, facts: F): F & { staff: boolean } => {
  const course = courseOfFacts(facts);
  return { ...facts, staff: course !== null && teaches(subject, course) };
};

type AccountPermission = { [P in Permission]: KindOf<P> extends 'user' ? P : never }[Permission];

/**
 * `requireAccess` for an account, without a query when it is the caller's own and the rule allows the
 * caller on what its session already read: its id, role and school. The facts the session did not read
 * (whether the account is a school's student, which school made it) are given as granting nothing, so
 * they can only refuse: a refusal is then decided again on the account's stored facts. A student's own
 * courses and purchases are read this way.
 */
export async function requireAccountAccess(
  db: Db,
  subject: Subject,
  permission: AccountPermission,
  id: number,
): Promise<void> {
  if (subject !== null && Number(id) === subject.userId) {
    const own = {
      id: subject.userId,
      orgId: subject.orgId,
      roleId: subject.role,
      createdByOrgId: null,
      member: false,
    };
    if (allows(subject, permission, own)) return;
  }
  await requireAccess(db, subject, permission, id);
}

/** Which of `ids` the subject may use with this permission: the permitted subset, in one query. */
export async function checkAccess<P extends Permission>(
  db: Db,
  subject: Subject,
  permission: P,
  ids: readonly number[],
): Promise<Set<number>> {
  const facts = await loadFacts(db, subject, permission, ids.map(Number));
  const allowed = new Set<number>();
  for (const [id, f] of facts) if (allows(subject, permission, f)) allowed.add(id);
  return allowed;
}

/** The thing's facts when the subject may use it with this permission; otherwise the permission's error. */
export async function requireAccess<P extends Permission>(
  db: Db,
  subject: Subject,
  permission: P,
  id: number,
): Promise<Granted<P>> {
  // A route may hand the id over as it came in the URL: the facts are keyed by number.
  const facts = (await loadFacts(db, subject, permission, [Number(id)])).get(Number(id));
  return requireAccessOn(subject, permission, facts);
}

/**
 * `requireAccess` on facts the caller has read itself, in the one query a hot public path makes anyway
 * (a visitor's course detail): the same rule and the same refusal, no query of its own.
 */
export function requireAccessOn<P extends Permission, F extends RuleFactsOf<P>>(
  subject: Subject,
  permission: P,
  facts: F | undefined,
): F & { staff: boolean } {
  if (facts === undefined || !allows(subject, permission, facts)) {
    throw refusal(subject, permission, facts);
  }
  return granted(subject, facts);
}

/** As `requireAccess`, for a caller that answers a refusal its own way: undefined when not allowed. */
export async function findAccess<P extends Permission>(
  db: Db,
  subject: Subject,
  permission: P,
  id: number,
): Promise<Granted<P> | undefined> {
  const facts = (await loadFacts(db, subject, permission, [Number(id)])).get(Number(id));
  return facts !== undefined && allows(subject, permission, facts) ? granted(subject, facts) : undefined;
}

/**
 * The media route's check of a signed URL's viewer (0 for a visitor), in the one prepared lesson query: a
 * viewer id that names no account gets nothing, not a visitor's preview. Refused as a missing file.
 */
export async function requireLessonFile(db: Db, lessonId: number, viewerId: number): Promise<LessonFacts> {
  const facts = (await findLessonFacts(db, viewerId, [Number(lessonId)])).get(Number(lessonId));
  if (!facts || (viewerId !== 0 && !facts.viewerKnown)) throw notFound('File');
  const subject = viewerOf(viewerId, facts);
  if (!allows(subject, 'lesson.file.read', facts)) throw refusal(subject, 'lesson.file.read', facts);
  return facts;
}

/** A signed URL's viewer as a subject, from the lesson's facts: null for a visitor. */
function viewerOf(viewerId: number, facts: LessonFacts): Subject {
  if (viewerId === 0 || !facts.viewerKnown || facts.viewerRoleId === null) return null;
  return {
    userId: viewerId,
    role: roleOf(facts.viewerRoleId),
    orgId: facts.viewerOrgId,
    team: teamOf(facts.viewerRoleId, facts.viewerOrgId, facts.viewerTeamRole),
  };
}

/** Whether a signed URL's viewer (0 for a visitor), read by `requireLessonFile`, is the lesson's staff. */
export const isStaffOfLesson = (viewerId: number, facts: LessonFacts): boolean =>
  teaches(viewerOf(viewerId, facts), facts);

/**
 * checkUserExists: a publisher may ask about any e-mail (the Add Students form needs it, and adding the
 * student would tell the same); anyone else only about their own.
 */
export const canCheckEmail = (actor: Pick<Actor, 'role' | 'email'>, email: string): boolean =>
  actor.role === ROLE.PUBLISHER || actor.email === email;

/**
 * What is one account's own: its orders (course or plan) and its certificates, nobody else's whoever they
 * are. A revoked certificate has no owner any more (its user_id is null).
 */
export const isOwnerOf = (actor: Pick<Actor, 'userId'>, record: { userId: number | null }): boolean =>
  record.userId === actor.userId;

/** Hide or show a review: the publisher of the reviewed course. */
export const mayModerateReview = (actor: Subject, review: { orgId: number }): boolean =>
  isStaffOf(actor, review.orgId);

/** An organisation's record: its own accounts that are not students; for anyone else it does not exist. */
export const mayReadOrganisation = (actor: Pick<Actor, 'role' | 'orgId'>, orgId: number): boolean =>
  actor.orgId === orgId && actor.role !== ROLE.STUDENT;

/** Courses are bought with a student account: a publisher's account cannot study. */
export const mayBuyCourses = (actor: Pick<Actor, 'role'>): boolean => actor.role === ROLE.STUDENT;

/**
 * Cancel, resume or change an organisation's plan, or read its renewal: the organisation's owners; for
 * anyone else it does not exist.
 */
export const mayManagePlan = (actor: Subject, orgId: number): boolean => isSchoolOwnerOf(actor, orgId);

/**
 * Give back a sale (orders/RefundOrder): the staff of the school that sold it, and only a course's sale
 * (a plan is the operator's, refunded with its command); for anyone else it does not exist.
 */
export const mayRefundSale = (actor: Subject, order: { orgId: number; kind: string }): boolean =>
  order.kind === 'course' && isStaffOf(actor, order.orgId);

/**
 * Set a school's money-back guarantee and answer its buyers' refund requests: the school's staff; for
 * anyone else it does not exist.
 */
export const mayManageRefunds = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/**
 * Make, change, pause, delete and list a school's coupons (docs/decisions/030): the school's staff; for
 * anyone else they do not exist.
 */
export const mayManageCoupons = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/**
 * See or change the accounts an organisation is paid into (PAYOUT_MODE=connected), and read its payouts:
 * the organisation's owners; for anyone else it does not exist.
 */
export const mayManagePayoutAccount = (actor: Subject, orgId: number): boolean =>
  isSchoolOwnerOf(actor, orgId);

/**
 * Read a quiz attempt (quizzes/GetAttempt): the student who made it, or the staff of the school whose
 * quiz it is; for anyone else it does not exist.
 */
export const mayReadAttempt = (
  actor: Subject,
  attempt: { userId: number; orgId: number; assigned: boolean },
): boolean => (actor !== null && actor.userId === attempt.userId) || teaches(actor, attempt);

/** Submit a quiz attempt: only the student who started it; for anyone else it does not exist. */
export const maySubmitAttempt = (actor: Subject, attempt: { userId: number }): boolean =>
  actor !== null && actor.userId === attempt.userId;

/** Grade an open answer of an attempt: the staff of the course whose quiz it is. */
export const mayGradeAttempt = (actor: Subject, attempt: { orgId: number; assigned: boolean }): boolean =>
  teaches(actor, attempt);

/**
 * The school's quiz results and its queue of attempts waiting for grading (docs/decisions/034): its team
 * (an instructor's queue holds the courses given to them only); for anyone else they do not exist. A
 * quiz's or a course's own results are decided by `lesson.update` and `course.update`.
 */
export const mayReadQuizResults = (actor: Subject, orgId: number): boolean => isMemberOf(actor, orgId);

/**
 * A school's webhooks and API keys (docs/decisions/037): its publisher; for anyone else they do not exist
 * (404). Whether the school's plan has them is the plan's rule (plan-limits.ts, a 403 naming the plan).
 */
export const mayManageIntegrations = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/** The caller's school for its webhooks and API keys, or 404. */
export function integrationsOrgOf(actor: Actor): number {
  if (actor.orgId === null || !mayManageIntegrations(actor, actor.orgId)) throw notFound('Page');
  return actor.orgId;
}

/**
 * Calls an API key may not make, whatever its school (docs/decisions/037): managing webhooks and keys
 * (a key cannot make or keep keys), the account itself (password, profile, e-mail codes, logout), the
 * school's plan, its payout accounts and payments, and moving money (buying, refunding).
 */
const NOT_WITH_API_KEY = [
  /^\/api\/integrations\//,
  /^\/api\/team\//,
  /^\/api\/users\//,
  /^\/api\/organization\/(CreateOrder|CaptureOrder|CancelPlan|ResumePlan|ChangePlan)$/,
  /^\/api\/organization\/(ConnectStripeAccount|RefreshPayoutAccount|SetPayPalPayee|RegisterOrg)$/,
  /^\/api\/courses\/(CreateOrder|CaptureOrder)$/,
  /^\/api\/orders\/(RefundOrder|AnswerRefundRequest|RequestRefund)$/,
  /^\/api\/sandbox\//,
  /^\/api\/test\//,
];

/** Whether a member holding this team role may make and keep the school's API keys: owners and admins. */
export const mayHoldApiKeys = (team: TeamRole | null): boolean => team === 'owner' || team === 'admin';

/** Whether an API key may call the route registered at `url` (its pattern, like /api/courses/:id). */
export const mayUseApiKey = (url: string): boolean => !NOT_WITH_API_KEY.some((pattern) => pattern.test(url));

/**
 * See a school's team and its audit log, invite members, change their roles and courses, remove them
 * (docs/decisions/039): its owners and admins.
 */
export const mayManageTeam = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/** Make or unmake an owner, invite one or remove one, hand over ownership: the school's owners only. */
export const mayChangeOwners = (actor: Subject, orgId: number): boolean => isSchoolOwnerOf(actor, orgId);

/**
 * Write a school's e-mails to its students (drafts, their preview and a test to oneself) and read them
 * with their counts (docs/decisions/036): the school's staff; for anyone else they do not exist.
 */
export const mayWriteBroadcasts = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/**
 * Send a school's e-mail to its students, schedule it or cancel a scheduled one: the school's staff; for
 * anyone else it does not exist. Apart from writing so that a role may draft without sending.
 */
export const maySendBroadcasts = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/**
 * A school's public site and brand (docs/decisions/040): its staff change them; anyone reads the site.
 * Whether the plan has a custom domain is the plan's rule (plan-limits.ts, a 403 naming the plan).
 */
export const mayManageSite = (actor: Subject, orgId: number): boolean => isStaffOf(actor, orgId);

/**
 * The caller's school for its site's settings, or 403: anyone on no school's team as `publisherOrgOf`
 * says, and an instructor told its role does not allow it.
 */
export function siteOrgOf(actor: Actor): number {
  const orgId = publisherOrgOf(actor);
  if (!mayManageSite(actor, orgId)) throw new AppError('FORBIDDEN', TEAM_MSG.notYourRole);
  return orgId;
}
