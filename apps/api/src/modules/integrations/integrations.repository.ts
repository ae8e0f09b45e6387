import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { pageOfQuery } from '../../db/paging';
import { findOne } from '../../db/queries/find-one';
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function listEndpoints(db: Db, orgId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId))
    .orderBy(webhookEndpoints.id);
}

export async function countEndpoints(db: Db, orgId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: Db, orgId: number, id: number) {
  return findOne(db, webhookEndpoints, and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)));
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert webhook_endpoints returned no row');
  return row;
}

export async function updateEndpoint(
  db: Db,
  orgId: number,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, orgId: number, id: number) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('insert webhook_deliveries returned no row');
  return row;
}

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(db: Db, endpointId: number, list: ListQuery) {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const query = db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id));
  return pageOfQuery(query.$dynamic(), list.window, () => db.$count(webhookDeliveries, where));
}

/** A delivery of one of the school's endpoints. */
export async function findDeliveryOfOrg(db: Db, orgId: number, deliveryId: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.orgId, orgId)));
  return row;
}

export type ClaimedDelivery = {
  id: number;
  eventId: string;
  payload: unknown;
  attempts: number;
  endpointId: number;
  url: string;
  secret: string;
};

/**
 * Claims due deliveries of enabled endpoints (all due ones, or the one named), each for one instance:
 * SKIP LOCKED leaves those another instance holds, and the claim moves their next attempt past `leaseMs`
 * so a crash mid-post only delays them.
 */
export async function claimDeliveries(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
  onlyId?: number,
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const which =
      onlyId === undefined
        ? sql`d.next_attempt_at <= ${now.toISOString()}::timestamptz`
        : sql`d.id = ${onlyId}`;
    const result = await tx.execute(sql`
      select d.id, d.event_id, d.payload, d.attempts, e.id as endpoint_id, e.url, e.secret
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.state = 'pending' and e.enabled and ${which}
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked`);
    const rows = rowsOf<{
      id: number;
      event_id: string;
      payload: unknown;
      attempts: number;
      endpoint_id: number;
      url: string;
      secret: string;
    }>(result);
    if (rows.length === 0) return [];
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    await tx.execute(
      sql`update webhook_deliveries set next_attempt_at = ${lease}::timestamptz where id in (${sql.join(
        rows.map((r) => sql`${Number(r.id)}`),
        sql`, `,
      )})`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      eventId: r.event_id,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      attempts: Number(r.attempts),
      endpointId: Number(r.endpoint_id),
      url: r.url,
      secret: r.secret,
    }));
  });
}

export async function listApiKeys(db: Db, orgId: number) {
  return db.select().from(apiKeys).where(eq(apiKeys.orgId, orgId)).orderBy(desc(apiKeys.id));
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('insert api_keys returned no row');
  return row;
}

export async function revokeApiKey(db: Db, orgId: number, id: number) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, orgId)))
    .returning();
  return row;
}
