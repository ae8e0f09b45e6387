import { type BroadcastAudience, type BroadcastCounts, likePattern } from '@skillwise/contracts';
import { and, count, desc, eq, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { broadcastRecipients, broadcasts, courses, enrolments, orgMembers, users } from '../../db/schema';
import { type Localized, localizedSql, recipientLocaleSql, schoolLanguage } from '../../lib/i18n';
import type { ListQuery } from '../../lib/paging';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/**
 * The students a message goes to, as a query answering `user_id, email, on` (their e-mails on): every
 * student of the school, a course's (its enrolments), or those it added who are in none of its courses.
 */
export function audienceOf(orgId: number, audience: BroadcastAudience, courseId: number | null): SQL {
  if (audience === 'course') {
    return sql`select distinct u.id as user_id, u.email, u.email_notifications as "on"
      from ${enrolments} e join ${users} u on u.id = e.user_id
      join ${courses} c on c.id = e.course_id
     where e.course_id = ${courseId ?? 0} and c.org_id = ${orgId}`;
  }
  return sql`select u.id as user_id, u.email, u.email_notifications as "on"
      from ${orgMembers} m join ${users} u on u.id = m.user_id
     where m.org_id = ${orgId} ${audience === 'not_enrolled' ? sql`and m.courses = 0` : sql``}`;
}

/** How many students of the audience there are, and how many of them get e-mails. */
export async function countAudience(db: Db, audience: SQL): Promise<{ all: number; on: number }> {
  const result = await db.execute(
    sql`select count(*)::int as "all", (count(*) filter (where a."on"))::int as "on" from (${audience}) a`,
  );
  const [row] = rowsOf<{ all: number; on: number }>(result);
  return { all: Number(row?.all ?? 0), on: Number(row?.on ?? 0) };
}

export async function findBroadcast(db: Db, id: number, lock = false): Promise<BroadcastRow | undefined> {
  const query = db.select().from(broadcasts).where(eq(broadcasts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const NO_COUNTS = { recipients: 0, delivered: 0, failed: 0, pending: 0, unsubscribed: 0 };

/**
 * Each message's counts in one query, for any number of them: delivered and failed as the mail worker
 * recorded them, unsubscribed those left out or whose e-mails are off now.
 */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, BroadcastCounts>> {
  const map = new Map<number, BroadcastCounts>();
  if (ids.length === 0) return map;
  const result = await db.execute(sql`
    select r.broadcast_id as id,
           (count(*) filter (where not r.skipped))::int as recipients,
           count(r.delivered_at)::int as delivered,
           (count(r.failed_at) filter (where r.delivered_at is null))::int as failed,
           (count(*) filter (where not r.skipped and r.delivered_at is null and r.failed_at is null))::int as pending,
           (count(*) filter (where r.skipped or not u.email_notifications))::int as unsubscribed
      from ${broadcastRecipients} r join ${users} u on u.id = r.user_id
     where r.broadcast_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
     group by r.broadcast_id`);
  for (const row of rowsOf<BroadcastCounts & { id: number }>(result)) {
    const { id, ...counts } = row;
    map.set(Number(id), {
      recipients: Number(counts.recipients),
      delivered: Number(counts.delivered),
      failed: Number(counts.failed),
      pending: Number(counts.pending),
      unsubscribed: Number(counts.unsubscribed),
    });
  }
  return map;
}

export const countsFor = (map: Map<number, BroadcastCounts>, id: number): BroadcastCounts =>
  map.get(id) ?? NO_COUNTS;

/** The school's messages, newest first, each with its course's title; searched on the subject. */
export async function listBroadcasts(db: Db, orgId: number, list: ListQuery) {
  const where = and(
    eq(broadcasts.orgId, orgId),
    list.search ? ilike(broadcasts.subject, likePattern(list.search)) : undefined,
  );
  const query = db
    .select({ broadcast: broadcasts, courseTitle: courses.title })
    .from(broadcasts)
    .leftJoin(courses, eq(courses.id, broadcasts.courseId))
    .where(where)
    .orderBy(desc(broadcasts.id));
  const [rows, [total]] = await Promise.all([
    list.window ? query.limit(list.window.limit).offset(list.window.offset) : query,
    db.select({ n: count() }).from(broadcasts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function courseTitleOf(db: Db, courseId: number | null): Promise<string | null> {
  if (courseId === null) return null;
  const [row] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row?.title ?? null;
}

/** Whether the course is the school's own. */
export async function isOwnCourse(db: Db, orgId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.orgId, orgId)));
  return row !== undefined;
}

/** The advisory lock that lines up the installation's broadcast mail in time (beside 1006 and 1007). */
const BROADCAST_PACE_LOCK = 1_008;

/**
 * Queues one message to every student of `audience` whose e-mails are on, in one statement: a row of the
 * mail queue each, spread `1 / perSecond` seconds apart after the installation's broadcast mail already
 * waiting (so the worker sends them at that pace, after receipts and notices), and a recipient row each,
 * those left out included. Answers how many were queued and left out.
 */
export async function queueBroadcastMail(
  db: Db,
  message: {
    broadcastId: number;
    orgId: number;
    subject: string;
    /** The school's words, as it wrote them. */
    body: string;
    /** The footer after them, in each language: each student reads theirs, else the school's. */
    footer: Localized<string>;
    html: string | null;
    audience: SQL;
    perSecond: number;
  },
): Promise<{ queued: number; skipped: number }> {
  await db.execute(sql`select pg_advisory_xact_lock(${BROADCAST_PACE_LOCK}, 0)`);
  const step = 1 / message.perSecond;
  const result = await db.execute(sql`
    with audience as (${message.audience}),
    start as (
      select greatest(now(), coalesce(max(next_attempt_at) + make_interval(secs => ${step}::float8), now())) as at
        from outgoing_mail where broadcast_id is not null and sent_at is null and attempts = 0
    ),
    numbered as (
      select a.user_id, a.email, row_number() over (order by a.user_id) - 1 as n,
             ${recipientLocaleSql(sql`u.language`, schoolLanguage(message.orgId))} as language
        from audience a join ${users} u on u.id = a.user_id where a."on"
    ),
    mailed as (
      insert into outgoing_mail ("to", subject, text, html, unsubscribe_user_id, org_id, broadcast_id, next_attempt_at, language)
      select n.email, ${message.subject}::text, ${message.body}::text || ${localizedSql(sql`n.language`, message.footer)},
             ${message.html}::text, n.user_id,
             ${message.orgId}::int, ${message.broadcastId}::int,
             (select at from start) + make_interval(secs => n.n * ${step}::float8), n.language
        from numbered n
      returning id, unsubscribe_user_id
    ),
    recorded as (
      insert into ${broadcastRecipients} (broadcast_id, user_id, mail_id, skipped)
      select ${message.broadcastId}::int, m.unsubscribe_user_id, m.id, false from mailed m
      union all
      select ${message.broadcastId}::int, a.user_id, null::int, true from audience a where not a."on"
      returning skipped
    )
    select (count(*) filter (where not skipped))::int as queued,
           (count(*) filter (where skipped))::int as skipped
      from recorded`);
  const [row] = rowsOf<{ queued: number; skipped: number }>(result);
  return { queued: Number(row?.queued ?? 0), skipped: Number(row?.skipped ?? 0) };
}

/** Scheduled messages due by `now`, locked for this transaction; those another instance holds are skipped. */
export async function claimDueBroadcasts(db: Db, now: Date, limit = 20): Promise<BroadcastRow[]> {
  return db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.state, 'scheduled'), lte(broadcasts.scheduledAt, now)))
    .orderBy(broadcasts.scheduledAt, broadcasts.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}
