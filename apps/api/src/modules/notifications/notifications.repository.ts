import { type NotificationKind, type Paged, ROLE } from '@skillwise/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import {
  courses,
  enrolments,
  lessons,
  notifications,
  organisations,
  orgMembers,
  outgoingMail,
  sections,
  users,
} from '../../db/schema';
import {
  inEveryLocale,
  type Localized,
  localizedSql,
  type MessageKey,
  pluralSql,
  recipientLocaleSql,
  schoolLanguage,
  t,
  templateSql,
} from '../../lib/i18n';
import type { ListQuery } from '../../lib/paging';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Who is told, as a query answering one row per notification: `user_id, title, body, link, dedupe_key`,
 * the title and body in the user's language (docs/decisions/047). A user may appear in several rows
 * (several lessons published at once); each becomes one notification.
 */
export type Recipients = SQL;

/** How the notifications of one event are e-mailed. */
export type MailPlan = {
  /** 'always' (receipts), 'if-enabled' (the user's email_notifications), or 'never'. */
  send: 'always' | 'if-enabled' | 'never';
  /** The message's text after the greeting, in each language; by default each notification's title, body and link. */
  text?: Localized<string> | undefined;
  /** The subject of a message telling several notifications at once (a section's lessons): "3 new lessons ...", a plural of `count`. */
  manySubject?: MessageKey;
  /** The school the event concerns (an id, or a subquery answering one): its messages are sent in its name (lib/mail-queue.ts). */
  orgId?: number | SQL | null | undefined;
  /**
   * The school whose language its people read when they chose none, when the message is not sent in a
   * school's name (`orgId`): a school's plan notices. The recipients must be asked with the same one.
   */
  languageOrgId?: number | undefined;
};

/** What the statement needs to write the messages: the web app's address. */
export type MailContext = { publicUrl: string };

/**
 * Records one event's notifications and queues their e-mails in one statement, whatever the number of
 * recipients (a lesson published to 10,000 students is one INSERT ... SELECT and one more for the mail,
 * in the same statement). A notification whose dedupe key the user already has is not recorded again,
 * nor mailed. Each recipient gets at most one message for the statement, listing its notifications.
 * Answers how many notifications were recorded and how many messages queued.
 */
export async function recordNotifications(
  db: Db,
  kind: NotificationKind,
  recipients: Recipients,
  plan: MailPlan,
  context: MailContext,
): Promise<{ notified: number; mailed: number }> {
  const { publicUrl } = context;
  const eachNotification = sql`string_agg(
      i.title
      || case when i.body <> '' then E'\\n' || i.body else '' end
      || case when i.link <> '' then E'\\n' || ${publicUrl}::text || i.link else '' end,
      E'\\n\\n' order by i.id)`;
  // Each recipient's language: theirs, else the school's (the recipients' query chose the same).
  const language = sql`l.language`;
  const content = plan.text === undefined ? eachNotification : localizedSql(language, plan.text);
  const footer =
    plan.send === 'if-enabled'
      ? sql`E'\\n\\n-- \\n' || ${localizedSql(
          language,
          inEveryLocale((l) => t(l, 'notify.footer')),
        )} || E'\\n'`
      : sql`''`;
  // A school's message is signed with its name (docs/decisions/021); the platform's own with the product's.
  const orgId = plan.orgId == null ? sql`null::int` : sql`(${plan.orgId})::int`;
  const signOff = sql`coalesce((select ${templateSql(language, 'notify.signOff', { school: sql`o.name` })}
      from ${organisations} o where o.id = ${orgId}), 'Skillwise')`;
  // The unsubscribe line is added, signed, by the mail queue as it sends (lib/mail-queue.ts).
  const unsubscribeUser = plan.send === 'if-enabled' ? sql`u.id` : sql`null::int`;
  const subject = sql`case when count(*) = 1 then min(i.title)
      else ${pluralSql(language, plan.manySubject ?? 'notify.many.notifications', sql`count(*)`)} end`;
  const greeting = templateSql(language, 'mail.hello', { name: sql`u.full_name` });
  const mailed =
    plan.send === 'never'
      ? sql`select 1 where false`
      : sql`insert into ${outgoingMail} ("to", subject, text, unsubscribe_user_id, org_id, language)
          select u.email, ${subject},
                 ${greeting} || E'\\n\\n' || ${content} || E'\\n\\n' || ${signOff} || ${footer}, ${unsubscribeUser},
                 ${orgId}, ${language}
            from inserted i join ${users} u on u.id = i.user_id
           cross join lateral (select ${recipientLocaleSql(sql`u.language`, schoolLanguage(plan.orgId ?? plan.languageOrgId))} as language) l
           ${plan.send === 'if-enabled' ? sql`where u.email_notifications` : sql``}
           group by u.id, u.email, u.full_name, l.language
          returning 1`;
  const result = await db.execute(sql`
    with source as (${recipients}),
    inserted as (
      insert into ${notifications} (user_id, kind, title, body, link, dedupe_key)
      select user_id, ${kind}::text, title, body, link, dedupe_key from source
      on conflict (user_id, dedupe_key) do nothing
      returning id, user_id, title, body, link
    ),
    mailed as (${mailed})
    select (select count(*) from inserted)::int as notified, (select count(*) from mailed)::int as mailed`);
  const [row] = rowsOf<{ notified: number; mailed: number }>(result);
  return { notified: Number(row?.notified ?? 0), mailed: Number(row?.mailed ?? 0) };
}

export type Message = { title: string; body: string; link: string; dedupeKey: string | null };

/** A message's columns, its title and body in the language `language` (SQL) picks. */
const messageColumns = (m: Localized<Message>, language: SQL) =>
  sql`${localizedSql(language, { en: m.en.title, es: m.es.title, ar: m.ar.title })} as title,
      ${localizedSql(language, { en: m.en.body, es: m.es.body, ar: m.ar.body })} as body,
      ${m.en.link}::text as link, ${m.en.dedupeKey}::text as dedupe_key`;

/** One user, in their language, else the school's (`languageOrgId`: the school the message concerns). */
export const toUser = (userId: number, m: Localized<Message>, languageOrgId?: number | null): Recipients =>
  sql`select ${userId}::int as user_id,
      ${messageColumns(m, recipientLocaleSql(sql`(select ${users.language} from ${users} where ${users.id} = ${userId})`, schoolLanguage(languageOrgId)))}`;

/**
 * The school's staff: its owners and admins (docs/decisions/039). Its instructors are not told of its
 * sales, refunds, plan or integrations.
 */
export const toPublishersOf = (orgId: number, m: Localized<Message>): Recipients =>
  sql`select ${users.id} as user_id, ${messageColumns(m, recipientLocaleSql(sql`${users.language}`, schoolLanguage(orgId)))} from ${users}
      where ${users.orgId} = ${orgId} and ${users.roleId} = ${ROLE.PUBLISHER}
        and ${users.teamRole} in ('owner', 'admin')`;

/** Lessons that may have become visible: by id, a section's, or a whole course's. */
export type VisibleLessons = { lessonIds: number[] } | { sectionId: number } | { courseId: number };

/**
 * Every student enrolled in the course of each given lesson that students can see now (the lesson, its
 * section and its course published), once per lesson: the lessons by id, a section's or a course's.
 */
const chosenLessons = (which: VisibleLessons) =>
  'lessonIds' in which
    ? inArray(lessons.id, which.lessonIds.length > 0 ? which.lessonIds : [0])
    : 'sectionId' in which
      ? eq(lessons.sectionId, which.sectionId)
      : eq(sections.courseId, which.courseId);

/**
 * The organisation of those lessons, as a subquery of the statement that records them (one statement
 * however many students): one publisher publishes them, all within its own organisation.
 */
export const orgOfLessons = (which: VisibleLessons): SQL =>
  sql`(select ${courses.orgId} from ${lessons}
        join ${sections} on ${sections.id} = ${lessons.sectionId}
        join ${courses} on ${courses.id} = ${sections.courseId}
       where ${chosenLessons(which)} limit 1)`;

export const toStudentsOfVisibleLessons = (
  which: VisibleLessons,
  linkOf: (courseIdColumn: SQL) => SQL,
): Recipients => {
  const chosen = chosenLessons(which);
  const language = recipientLocaleSql(sql`${users.language}`, sql`${organisations.language}`);
  return sql`select ${enrolments.userId} as user_id,
        ${templateSql(language, 'notify.lesson.title', { course: sql`${courses.title}` })} as title,
        ${templateSql(language, 'notify.lesson.body', { lesson: sql`${lessons.title}` })} as body,
        ${linkOf(sql`${courses.id}`)} as link,
        ('lesson:' || ${lessons.id}::text) as dedupe_key
      from ${lessons}
      join ${sections} on ${sections.id} = ${lessons.sectionId}
      join ${courses} on ${courses.id} = ${sections.courseId}
      join ${organisations} on ${organisations.id} = ${courses.orgId}
      join ${enrolments} on ${enrolments.courseId} = ${courses.id}
      join ${users} on ${users.id} = ${enrolments.userId}
      where ${chosen} and ${lessons.published} and ${sections.published} and ${courses.published}`;
};

/** A course's title with its organisation's name (what receipts and notices name). */
export async function findCourseWithOrg(db: Db, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, orgId: courses.orgId, orgName: organisations.name })
    .from(courses)
    .innerJoin(organisations, eq(organisations.id, courses.orgId))
    .where(eq(courses.id, courseId));
  return row;
}

/** An account's name, e-mail and e-mail preference. */
export async function findRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      emailNotifications: users.emailNotifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The course and the person an event about one of its sales names; undefined when either is gone. */
export async function findCourseAndPerson(db: Db, courseId: number, userId: number) {
  const course = await findCourseWithOrg(db, courseId);
  const person = await findRecipient(db, userId);
  return course && person ? { course, person } : undefined;
}

/**
 * True when the student's enrolment just made it one of the organisation's students: its only course
 * there, and not one the organisation added (org_members, kept by triggers in the same transaction).
 */
export async function isFirstEnrolmentInOrg(db: Db, orgId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ courses: orgMembers.courses, added: orgMembers.added })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  return row !== undefined && row.courses === 1 && !row.added;
}

/** A user's notifications, newest first (the id breaking ties); searched on the title and body. */
export async function listNotifications(
  db: Db,
  userId: number,
  list: ListQuery,
): Promise<Paged<NotificationRow>> {
  const where = and(
    eq(notifications.userId, userId),
    containsText(list.search, notifications.title, notifications.body),
  );
  const query = db.select().from(notifications).where(where).orderBy(desc(notifications.id)).$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(notifications, where));
}

/** How many of the user's notifications are unread: a read of notifications_user_unread_idx. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own unread notifications read (these ids, or all); answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findEmailPreference(db: Db, userId: number): Promise<boolean | undefined> {
  return (await findRecipient(db, userId))?.emailNotifications;
}

/** Sets the e-mail switch; answers false when there is no such account. */
export async function setEmailPreference(db: Db, userId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailNotifications: on })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** How far back a section's opening is still news: a date set in the past does not tell of old openings. */
export const SECTION_OPENED_WINDOW_DAYS = 7;

/**
 * A scheduled section's opening for one enrolled student, the SQL twin of access.ts `sectionOpensAt`: its
 * date, or its days after the student's start (the start the school gave them, or their enrolment).
 */
const studentStart = sql`coalesce(${enrolments.releaseStartAt}, ${enrolments.createdAt})`;
const sectionOpening = sql`(case ${sections.releaseMode}
    when 'on_date' then ${sections.releaseAt}
    when 'after_days' then ${studentStart} + make_interval(days => ${sections.releaseDays})
  end)`;

/**
 * Students of each scheduled section that opened for them by `now` and not longer ago than the window:
 * the section, its course and the section holding a published lesson are visible, the school did not open
 * everything for the student already, the section was not open when the student started, and the student
 * was not told yet. `org` narrows it to one school's courses.
 */
const openedSectionsWhere = (now: Date, org?: number) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`${sections.releaseMode} <> 'immediately' and ${sections.published} and ${courses.published}
    and not ${enrolments.releaseAll}
    ${org === undefined ? sql`` : sql`and ${courses.orgId} = ${org}`}
    and ${sectionOpening} <= ${at}
    and ${sectionOpening} > ${at} - make_interval(days => ${SECTION_OPENED_WINDOW_DAYS})
    and ${sectionOpening} > ${studentStart}
    and exists (select 1 from ${lessons} where ${lessons.sectionId} = ${sections.id} and ${lessons.published})
    and not exists (select 1 from ${notifications} n where n.user_id = ${enrolments.userId}
      and n.dedupe_key = 'section_opened:' || ${sections.id}::text)`;
};

const openedSectionsFrom = sql`from ${sections}
  join ${courses} on ${courses.id} = ${sections.courseId}
  join ${enrolments} on ${enrolments.courseId} = ${courses.id}`;

/** The schools with a student to tell of a section that opened (one query for every school). */
export async function schoolsWithOpenedSections(db: Db, now: Date): Promise<number[]> {
  const result = await db.execute(
    sql`select distinct ${courses.orgId} as org_id ${openedSectionsFrom} where ${openedSectionsWhere(now)}`,
  );
  return rowsOf<{ org_id: number }>(result).map((r) => Number(r.org_id));
}

/** A student's language, else their school's (the course's), in the opened-sections query. */
const openedLanguage = recipientLocaleSql(
  sql`${users.language}`,
  sql`(select o.language from ${organisations} o where o.id = ${courses.orgId})`,
);

/** One school's students of sections that opened for them: one notification per student and section. */
export const toStudentsOfOpenedSections = (
  now: Date,
  orgId: number,
  linkOf: (courseIdColumn: SQL) => SQL,
): Recipients =>
  sql`select ${enrolments.userId} as user_id,
      ${templateSql(openedLanguage, 'notify.section.title', { course: sql`${courses.title}` })} as title,
      ${templateSql(openedLanguage, 'notify.section.body', { section: sql`${sections.name}` })} as body,
      ${linkOf(sql`${courses.id}`)} as link,
      ('section_opened:' || ${sections.id}::text) as dedupe_key
    ${openedSectionsFrom}
    join ${users} on ${users.id} = ${enrolments.userId}
    where ${openedSectionsWhere(now, orgId)}`;

/** The advisory lock of the section-opened round (a space of its own, beside the file-key locks' 1006). */
const SECTION_OPENINGS_LOCK = 1_007;

/** Whether this transaction holds the section-opened round's turn: false while another instance has it. */
export async function takeSectionOpeningsTurn(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select pg_try_advisory_xact_lock(${SECTION_OPENINGS_LOCK}, 0) as taken`,
  );
  return rowsOf<{ taken: boolean }>(result)[0]?.taken === true;
}
