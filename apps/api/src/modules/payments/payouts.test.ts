import { payoutsSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { insertSale } from '../../../test/payments';
import { type orders, payouts } from '../../db/schema';
import { PayoutsCommandError, runPayoutsCommand } from './payouts-command';

let ctx: TestContext;
let school: TestUser;
let other: TestUser;
let student: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  school = await createPublisher(ctx);
  other = await createPublisher(ctx);
  student = await createStudent(ctx);
  const course = await createCourse(ctx, school.orgId ?? 0, { priceCents: 10_000 });
  const sale = (values: Partial<typeof orders.$inferInsert> & { refundedCents?: number } = {}) =>
    insertSale(ctx, {
      userId: student.userId,
      orgId: school.orgId ?? 0,
      courseId: course.id,
      amountCents: 10_000,
      platformFeeCents: 1_000,
      providerFeeCents: 320,
      ...values,
    });
  // Two sales of 100.00, each earning 86.80; a third refunded whole: -13.20. Owed: 160.40.
  await sale();
  await sale();
  await sale({ refundedCents: 10_000 });
  // Neither a plan the school bought nor a sale not captured is owed to it.
  await sale({ kind: 'plan', courseId: null });
  await sale({ status: 'failed', capturedAt: null });
});
afterAll(async () => ctx.close());

const run = (...args: string[]) => runPayoutsCommand(ctx.database.db, 'collected', args);
const refused = async (attempt: Promise<unknown>, message: RegExp) => {
  await expect(attempt).rejects.toBeInstanceOf(PayoutsCommandError);
  await expect(attempt).rejects.toThrow(message);
};
const payoutsOf = (orgId: number) => ctx.database.db.select().from(payouts).where(eq(payouts.orgId, orgId));

describe('npm run payouts', () => {
  test('list: what each school earned, was paid out and is owed', async () => {
    const lines = await run('list');
    const mine = lines.find((line) => line.trim().startsWith(`${school.orgId} `));
    expect(mine).toMatch(/^\s+\d+\s+160\.40\s+0\.00\s+160\.40\s+Test School$/);
    // A school with no sale is not listed.
    expect(lines.some((line) => line.trim().startsWith(`${other.orgId} `))).toBe(false);
  });

  test('record: once per reference, never more than owed unless forced', async () => {
    const orgId = String(school.orgId);
    expect(await run('record', '--org', orgId, '--amount', '60.40', '--reference', 'BANK-1')).toEqual([
      expect.stringMatching(/^Recorded payout #\d+: 60\.40 to school \d+, reference "BANK-1"\.$/),
      'The school is now owed 100.00.',
    ]);
    // The same command again records nothing.
    expect(
      await run('record', '--org', orgId, '--amount', '60.40', '--reference', 'BANK-1', '--note', 'again'),
    ).toEqual([
      expect.stringMatching(
        /^Payout #\d+ of 60\.40 with reference "BANK-1" was recorded before: nothing changed\.$/,
      ),
      'The school is now owed 100.00.',
    ]);
    await refused(
      run('record', '--org', orgId, '--amount', '5.00', '--reference', 'BANK-1'),
      /"BANK-1" was recorded for this school already, for 60\.40/,
    );
    await refused(
      run('record', '--org', orgId, '--amount', '100.01', '--reference', 'BANK-2'),
      /The school is owed 100\.00, less than 100\.01\. Add --force/,
    );
    expect(await payoutsOf(school.orgId ?? 0)).toHaveLength(1);
    await run(
      'record',
      '--org',
      orgId,
      '--amount',
      '100.01',
      '--reference',
      'BANK-2',
      '--force',
      '--note',
      'advance',
    );
    expect((await payoutsOf(school.orgId ?? 0)).map((p) => [p.amountCents, p.reference, p.note])).toEqual([
      [6040, 'BANK-1', null],
      [10_001, 'BANK-2', 'advance'],
    ]);
    expect((await run('list')).find((line) => line.trim().startsWith(`${school.orgId} `))).toMatch(
      /160\.40\s+160\.41\s+-0\.01\s+Test School$/,
    );
  });

  test('the same reference at once records one payout', async () => {
    const orgId = String(other.orgId);
    await Promise.all(
      Array.from({ length: 4 }, () =>
        run('record', '--org', orgId, '--amount', '1.00', '--reference', 'SAME', '--force'),
      ),
    );
    expect(await payoutsOf(other.orgId ?? 0)).toHaveLength(1);
  });

  test('a mistake is named and records nothing', async () => {
    const before = (await ctx.database.db.select().from(payouts)).length;
    await refused(run('record', '--amount', '1', '--reference', 'X'), /--org is required/);
    await refused(run('record', '--org', 'abc', '--amount', '1', '--reference', 'X'), /--org must be/);
    await refused(
      run('record', '--org', '99999999', '--amount', '1', '--reference', 'X'),
      /No school has the id/,
    );
    for (const amount of ['0', '-1', '1.234', 'ten', '1,00']) {
      await refused(
        run('record', '--org', String(school.orgId), `--amount=${amount}`, '--reference', 'X'),
        /--amount must be/,
      );
    }
    await refused(run('record', '--org', String(school.orgId), '--amount', '1'), /--reference is required/);
    await refused(
      run('record', '--org', String(school.orgId), '--amount', '1', '--reference', ' '),
      /--reference must be/,
    );
    await refused(run('pay'), /Unknown command "pay"/);
    await refused(run('list', '--force'), /"list" takes no options/);
    await refused(run('record', '--bogus'), /Unknown option '--bogus'/);
    await refused(
      runPayoutsCommand(ctx.database.db, 'connected', [
        'record',
        '--org',
        '1',
        '--amount',
        '1',
        '--reference',
        'C',
      ]),
      /PAYOUT_MODE is connected/,
    );
    expect(await ctx.database.db.select().from(payouts)).toHaveLength(before);
  });
});

describe('orders/GetPayouts', () => {
  const get = (user: TestUser | undefined, query = '') =>
    call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetPayouts${query}`,
      ...(user ? { token: user.token } : {}),
    });

  test('the school sees what it earned, was paid and is owed, and its payouts newest first', async () => {
    const res = await get(school);
    expect(res.statusCode, res.body).toBe(200);
    const body = payoutsSchema.parse(res.json());
    expect(body).toMatchObject({
      mode: 'collected',
      currency: 'USD',
      earned: 160.4,
      paid_out: 160.41,
      balance: -0.01,
    });
    expect(body.payouts.map((p) => [p.amount, p.reference, p.note])).toEqual([
      [100.01, 'BANK-2', 'advance'],
      [60.4, 'BANK-1', null],
    ]);
    expect(body.payouts_count).toBe(2);
    const paged = payoutsSchema.parse((await get(school, '?page=2&pageSize=1')).json());
    expect(paged.payouts.map((p) => p.reference)).toEqual(['BANK-1']);
    expect(paged.payouts_count).toBe(2);
  });

  test('no token is a 401, a student 403; another school sees only its own; bad input is a 400', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(student)).statusCode).toBe(403);
    const theirs = payoutsSchema.parse((await get(other)).json());
    expect(theirs).toMatchObject({ earned: 0, paid_out: 1, balance: -1, payouts_count: 1 });
    expect(theirs.payouts.map((p) => p.reference)).toEqual(['SAME']);
    const bad = await get(school, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('page');
  });

  test('with PAYOUT_MODE=connected the provider pays the school: nothing is owed here', async () => {
    // Stripe configured (connected mode needs a provider with schools' accounts); never called here.
    const connected = await createTestContext({
      PAYOUT_MODE: 'connected',
      STRIPE_SECRET_KEY: 'sk_test_payouts',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const publisher = await createPublisher(connected);
      const res = await call(connected.app, {
        method: 'GET',
        url: '/api/orders/GetPayouts',
        token: publisher.token,
      });
      expect(payoutsSchema.parse(res.json())).toEqual({
        mode: 'connected',
        currency: 'USD',
        earned: 0,
        paid_out: 0,
        balance: 0,
        payouts: [],
        payouts_count: 0,
      });
    } finally {
      await connected.close();
    }
  });
});
