import { randomUUID } from 'node:crypto';
import { INTEGRATIONS_PLAN, type WebhookEventType } from '@skillwise/contracts';
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { apiKeys } from '../schema';
import { completionOf } from './completion';

/**
 * Webhook events and API keys (docs/decisions/037), as the services that report events and the auth
 * plugin use them.
 */

/** An event's id, the same for every attempt and redelivery of it (Standard Webhooks' webhook-id). */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** Whether the school's running plan is the one with webhooks and API keys, as an SQL condition. */
export const onIntegrationsPlan = (orgId: number | SQL): SQL => sql`exists (
  select 1 from subscriptions s
  join plan_prices pp on pp.id = s.plan_price_id
  join plans p on p.id = pp.plan_id
  where s.org_id = ${orgId} and s.period_start <= now() and s.period_end > now()
    and p.name = ${INTEGRATIONS_PLAN})`;

/**
 * Writes an event's deliveries, one per enabled endpoint of the school subscribed to its type, in the
 * caller's transaction (`db`): an event whose change rolls back is sent to nobody. Nothing for a school
 * not on the plan, or without endpoints (one statement either way).
 */
export async function emitWebhookEvent(
  db: Db,
  orgId: number,
  type: WebhookEventType,
  /** What makes this event itself (an order, a refund, an attempt): reported twice, it is sent once. */
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, type, dedupe_key, payload, next_attempt_at)
    select e.id, ${newEventId()}, ${type}, ${`${type}:${key}`}, ${payload}::jsonb, now()
    from webhook_endpoints e
    where e.org_id = ${orgId} and e.enabled and ${type} = any(e.events) and ${onIntegrationsPlan(orgId)}
    on conflict (endpoint_id, dedupe_key) do nothing`);
}

/**
 * The key behind a bearer value with the account it acts as (the publisher who made it, while still the
 * school's publisher) and whether the school is on the plan; notes its use at most once a minute.
 */
export async function findApiKeyActor(db: Db, keyHash: string) {
  const result = await db.execute(sql`
    select k.id as key_id, k.org_id, k.revoked_at, u.id as user_id, u.email, u.full_name, u.role_id, u.team_role,
      u.org_id as user_org_id, u.verified, ${onIntegrationsPlan(sql`k.org_id`)} as on_plan
    from api_keys k join users u on u.id = k.created_by
    where k.key_hash = ${keyHash}`);
  const [row] = rowsOf<{
    key_id: number;
    org_id: number;
    revoked_at: unknown;
    user_id: number;
    email: string;
    full_name: string;
    role_id: number;
    team_role: 'owner' | 'admin' | 'instructor';
    user_org_id: number | null;
    verified: boolean;
    on_plan: boolean;
  }>(result);
  if (!row) return undefined;
  if (row.revoked_at === null) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, Number(row.key_id)),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return row;
}

/**
 * A student newly completed a lesson (`db`: the transaction that recorded it): `lesson.completed`, and
 * `course.completed` when that was the last counted lesson of its course (DESIGN decision 11).
 */
export async function emitLessonCompleted(db: Db, userId: number, lessonId: number): Promise<void> {
  const result = await db.execute(sql`
    select l.id as lesson_id, l.title as lesson_title, c.id as course_id, c.title as course_title, c.org_id,
      ${onIntegrationsPlan(sql`c.org_id`)} as on_plan
    from lessons l join sections s on s.id = l.section_id join courses c on c.id = s.course_id
    where l.id = ${lessonId}`);
  const [row] = rowsOf<{
    lesson_id: number;
    lesson_title: string;
    course_id: number;
    course_title: string;
    org_id: number;
    on_plan: boolean;
  }>(result);
  if (!row?.on_plan) return;
  const orgId = Number(row.org_id);
  const courseId = Number(row.course_id);
  const base = { student_id: userId, course_id: courseId, course_title: row.course_title };
  await emitWebhookEvent(db, orgId, 'lesson.completed', `${userId}:${lessonId}`, {
    ...base,
    lesson_id: Number(row.lesson_id),
    lesson_title: row.lesson_title,
  });
  const { total, completed } = await completionOf(db, userId, courseId);
  if (total > 0 && completed === total) {
    await emitWebhookEvent(db, orgId, 'course.completed', `${userId}:${courseId}`, base);
  }
}
