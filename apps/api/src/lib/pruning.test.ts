import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/helpers';
import { rateLimits, sessions, uploadReservations, verificationCodes } from '../db/schema';
import { BackgroundWork } from './background';
import { pruneExpired, schedulePruning } from './pruning';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const ago = (ms: number) => new Date(Date.now() - ms);
const HOUR = 3600_000;

/** Expired and live rows of every pruned kind; answers their keys. */
async function seedRows() {
  const { db } = ctx.database;
  const student = await createStudent(ctx);
  const tag = Math.random().toString(36).slice(2);
  const session = (name: string, expiresAt: Date) => ({
    userId: student.userId,
    tokenHash: `${tag}-${name}`,
    expiresAt,
  });
  const sessionRows = await db
    .insert(sessions)
    .values([session('expired', ago(1000)), session('live', new Date(Date.now() + HOUR))])
    .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
  const code = (expiresAt: Date, consumedAt: Date | null = null) => ({
    userId: student.userId,
    purpose: 'reset' as const,
    codeHash: 'x',
    expiresAt,
    consumedAt,
  });
  const codeRows = await db
    .insert(verificationCodes)
    .values([
      code(ago(25 * HOUR)),
      code(new Date(Date.now() + 10 * 60_000), ago(25 * HOUR)),
      code(ago(HOUR)),
      code(new Date(Date.now() + 10 * 60_000)),
    ])
    .returning({ id: verificationCodes.id });
  await db.insert(rateLimits).values([
    { key: `${tag}:ended`, windowStart: ago(2 * HOUR), hits: 3 },
    { key: `${tag}:hour`, windowStart: ago(30 * 60_000), hits: 3 },
    { key: `${tag}:now`, windowStart: new Date(), hits: 1 },
  ]);
  return { student, tag, sessionIds: sessionRows.map((r) => r.id), codeIds: codeRows.map((r) => r.id) };
}

async function remaining(rows: Awaited<ReturnType<typeof seedRows>>) {
  const { db } = ctx.database;
  const keys = ['ended', 'hour', 'now'].map((name) => `${rows.tag}:${name}`);
  const sessionsLeft = await db.select().from(sessions).where(inArray(sessions.id, rows.sessionIds));
  const codesLeft = await db
    .select()
    .from(verificationCodes)
    .where(inArray(verificationCodes.id, rows.codeIds));
  const limitsLeft = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
  return {
    sessions: sessionsLeft.map((s) => s.tokenHash.split('-').at(-1)).sort(),
    codes: codesLeft.map((c) => rows.codeIds.indexOf(c.id)).sort(),
    rateLimits: limitsLeft.map((r) => r.key.split(':').at(-1)).sort(),
  };
}

describe('pruning expired rows', () => {
  test('deletes expired sessions, old codes and ended rate-limit windows; keeps the rest', async () => {
    const rows = await seedRows();
    const pruned = await pruneExpired(ctx.database.db, ctx.config.rateLimit);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.codes).toBeGreaterThanOrEqual(2);
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await remaining(rows)).toEqual({
      // The login's own session and the live one stay.
      sessions: ['live'],
      // A code expired an hour ago stays a day, to be told apart from a wrong one; a live one stays.
      codes: [2, 3],
      // A window still open for the hour-long account-wide count stays.
      rateLimits: ['hour', 'now'],
    });
    // The student's session from logging in is live and still works.
    expect(await pruneExpired(ctx.database.db, ctx.config.rateLimit)).toMatchObject({ sessions: 0 });
  });

  test('runs at once when scheduled, and stops', async () => {
    const rows = await seedRows();
    const errors: unknown[] = [];
    const log = {
      info: () => {},
      error: (entry: unknown) => errors.push(entry),
    } as unknown as FastifyBaseLogger;
    const background = new BackgroundWork(log);
    schedulePruning(background, ctx.database.db, ctx.config.rateLimit, log, 60_000);
    try {
      // The run deletes kind after kind: wait for the last of those checked here, not only the first.
      for (let waited = 0; waited < 5000; waited += 50) {
        const left = await remaining(rows);
        if (left.sessions.length === 1 && left.rateLimits.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await remaining(rows)).toMatchObject({ sessions: ['live'], rateLimits: ['hour', 'now'] });
      expect(errors).toEqual([]);
    } finally {
      await background.stop();
    }
  });

  test('deletes uploads’ storage holds past their lease; keeps live ones', async () => {
    const { db } = ctx.database;
    const publisher = await createPublisher(ctx);
    const orgId = publisher.orgId as number;
    const hold = (id: string, expiresAt: Date) => ({ id, orgId, bytes: 1000, resumable: true, expiresAt });
    await db
      .insert(uploadReservations)
      .values([hold(`${orgId}-lapsed`, ago(1000)), hold(`${orgId}-live`, new Date(Date.now() + HOUR))]);
    const pruned = await pruneExpired(db, ctx.config.rateLimit);
    expect(pruned.reservations).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(uploadReservations).where(eq(uploadReservations.orgId, orgId));
    expect(left.map((row) => row.id)).toEqual([`${orgId}-live`]);
  });
});
