import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiKeySchema,
  createdApiKeySchema,
  INTEGRATIONS_MSG,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_DISABLE_AFTER_FAILED_EVENTS,
  WEBHOOK_RETRY_SECONDS,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { buyCourse } from '../../../test/payments';
import { emitWebhookEvent } from '../../db/queries/integrations';
import {
  apiKeys,
  notifications,
  outgoingMail,
  subscriptions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { isPrivateAddress } from './webhook-address';

let ctx: TestContext;
let strict: TestContext;

/** A local receiver: answers each request with the next status of `answers` (then 200), records them. */
type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
const answers: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
  strict = await createTestContext();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await ctx?.close();
  await strict?.close();
});

const post = (url: string, token: string | undefined, body: unknown, c = ctx) =>
  call(c.app, { method: 'POST', url: `/api/${url}`, body, ...(token ? { token } : {}) });
const get = (url: string, token: string | undefined, c = ctx) =>
  call(c.app, { method: 'GET', url: `/api/${url}`, ...(token ? { token } : {}) });

async function createEndpoint(publisher: TestUser, body: Record<string, unknown> = {}) {
  const answer = await post('integrations/CreateWebhookEndpoint', publisher.token, {
    url: receiverUrl,
    events: ['sale.created', 'enrolment.created', 'student.added'],
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return webhookEndpointWithSecretSchema.parse(answer.json());
}

/** The Standard Webhooks signature, computed here on its own: v1,base64(HMAC-SHA256(id.timestamp.body)). */
function expectedSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const deliveriesOf = (endpointId: number) =>
  ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook endpoints', () => {
  test('a Growth school registers, lists, changes and deletes an endpoint; the secret is shown on create and roll only', async () => {
    const publisher = await createPublisher(ctx);
    const made = await createEndpoint(publisher, { description: 'CRM' });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(made).toMatchObject({ url: receiverUrl, enabled: true, description: 'CRM' });
    const list = await get('integrations/GetWebhookEndpoints', publisher.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).not.toHaveProperty('secret');
    webhookEndpointSchema.parse(list.json()[0]);
    const changed = await post('integrations/UpdateWebhookEndpoint', publisher.token, {
      id: made.id,
      events: ['quiz.graded'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ events: ['quiz.graded'], enabled: false });
    const rolled = await post('integrations/RollWebhookSecret', publisher.token, { id: made.id });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().secret).not.toBe(made.secret);
    const deleted = await post('integrations/DeleteWebhookEndpoint', publisher.token, { id: made.id });
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await get('integrations/GetWebhookEndpoints', publisher.token)).json()).toEqual([]);
  });

  test('no token is a 401; a student and another school’s publisher do not find it; another plan is a 403 naming Growth', async () => {
    const publisher = await createPublisher(ctx);
    const made = await createEndpoint(publisher);
    expect((await get('integrations/GetWebhookEndpoints', undefined)).statusCode).toBe(401);
    const student = await createStudent(ctx);
    expect((await get('integrations/GetWebhookEndpoints', student.token)).statusCode).toBe(404);
    const other = await createPublisher(ctx);
    for (const url of [
      'UpdateWebhookEndpoint',
      'DeleteWebhookEndpoint',
      'RollWebhookSecret',
      'SendTestWebhook',
    ]) {
      expect((await post(`integrations/${url}`, other.token, { id: made.id })).statusCode, url).toBe(404);
    }
    expect(
      (await get(`integrations/GetWebhookDeliveries?endpoint_id=${made.id}`, other.token)).statusCode,
    ).toBe(404);
    const basic = await createPublisher(ctx, { category: 'MonthlyBasic' });
    const refused = await post('integrations/CreateWebhookEndpoint', basic.token, {
      url: receiverUrl,
      events: ['sale.created'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INTEGRATIONS_MSG.needsPlan);
    expect(refused.json().message).toContain('Growth');
    expect((await get('integrations/GetApiKeys', basic.token)).statusCode).toBe(403);
  });

  test('bad input is a 400 naming the field', async () => {
    const publisher = await createPublisher(ctx);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x', events: ['sale.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['sale.created'] }, 'url'],
      [{ url: receiverUrl, events: [] }, 'events'],
      [{ url: receiverUrl, events: ['sale.exploded'] }, 'events.0'],
      [{ events: ['sale.created'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const answer = await post('integrations/CreateWebhookEndpoint', publisher.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().details?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
    const update = await post('integrations/UpdateWebhookEndpoint', publisher.token, { id: 'x' });
    expect(update.statusCode).toBe(400);
  });

  test('with private addresses not allowed, 127.0.0.1, ::1 and an IPv4-mapped loopback are refused', async () => {
    const publisher = await createPublisher(strict);
    for (const url of [
      receiverUrl,
      'http://[::1]:9/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://localhost/x',
    ]) {
      const answer = await post(
        'integrations/CreateWebhookEndpoint',
        publisher.token,
        { url, events: ['sale.created'] },
        strict,
      );
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().details[0]).toEqual({ field: 'url', message: INTEGRATIONS_MSG.privateAddress });
    }
  });

  test('the address rule: private, loopback, link-local, unique-local and unspecified, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd00::1234',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('deliveries', () => {
  test('a test event arrives signed the Standard Webhooks way and the log shows it delivered', async () => {
    const publisher = await createPublisher(ctx);
    const endpoint = await createEndpoint(publisher);
    received.length = 0;
    const sent = await post('integrations/SendTestWebhook', publisher.token, { id: endpoint.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(webhookDeliverySchema.parse(sent.json())).toMatchObject({
      state: 'delivered',
      attempts: 1,
      last_status: 200,
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    if (!request) throw new Error('nothing received');
    const id = String(request.headers['webhook-id']);
    const timestamp = String(request.headers['webhook-timestamp']);
    expect(id).toMatch(/^msg_/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
    expect(request.headers['webhook-signature']).toBe(
      expectedSignature(endpoint.secret, id, timestamp, request.body),
    );
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id },
    });
    const log = await get(
      `integrations/GetWebhookDeliveries?endpoint_id=${endpoint.id}&page=1`,
      publisher.token,
    );
    expect(log.statusCode).toBe(200);
    expect(log.headers['x-total-count']).toBe('1');
    expect(log.json()[0]).toMatchObject({ event_id: id, state: 'delivered', type: 'webhook.test' });
  });

  test('a failing endpoint is retried after the first wait (the clock moved) and the retry succeeds', async () => {
    const publisher = await createPublisher(ctx);
    const endpoint = await createEndpoint(publisher);
    received.length = 0;
    answers.push(500);
    const sent = await post('integrations/SendTestWebhook', publisher.token, { id: endpoint.id });
    expect(sent.json()).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
    const next = new Date(sent.json().next_attempt_at).getTime();
    expect(next - Date.now()).toBeGreaterThan((WEBHOOK_RETRY_SECONDS[0] - 2) * 1000);
    // Not due yet: nothing is sent.
    await ctx.app.integrations.deliverDue(new Date());
    expect(received).toHaveLength(1);
    await ctx.app.integrations.deliverDue(new Date(Date.now() + 10_000));
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
  });

  test('redeliver sends the event again with the same webhook-id', async () => {
    const publisher = await createPublisher(ctx);
    const endpoint = await createEndpoint(publisher);
    const first = await post('integrations/SendTestWebhook', publisher.token, { id: endpoint.id });
    received.length = 0;
    const again = await post('integrations/RedeliverWebhook', publisher.token, {
      delivery_id: first.json().id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'delivered', event_id: first.json().event_id });
    expect(again.json().id).not.toBe(first.json().id);
    expect(received[0]?.headers['webhook-id']).toBe(first.json().event_id);
    const other = await createPublisher(ctx);
    expect(
      (await post('integrations/RedeliverWebhook', other.token, { delivery_id: first.json().id })).statusCode,
    ).toBe(404);
    expect(
      (await post('integrations/RedeliverWebhook', publisher.token, { delivery_id: 'x' })).statusCode,
    ).toBe(400);
  });

  test('an endpoint whose events keep failing is disabled and the school is told in the app and by e-mail', async () => {
    const publisher = await createPublisher(ctx);
    const endpoint = await createEndpoint(publisher);
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILED_EVENTS; i += 1) {
      answers.push(500);
      await post('integrations/SendTestWebhook', publisher.token, { id: endpoint.id });
    }
    // Each event's attempts but the last are spent: the next failure is the last one.
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_RETRY_SECONDS.length })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    answers.push(...Array(WEBHOOK_DISABLE_AFTER_FAILED_EVENTS).fill(503));
    await ctx.app.integrations.deliverDue(new Date(Date.now() + 12 * 3600_000));
    answers.length = 0;
    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILED_EVENTS });
    expect(row?.disabledReason).toContain('failed');
    expect((await deliveriesOf(endpoint.id)).every((d) => d.state === 'failed')).toBe(true);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, publisher.userId));
    expect(told.map((n) => n.title)).toContain(`Webhook endpoint disabled: ${receiverUrl}`);
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, publisher.userId));
    const mail = await ctx.database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.to, account?.email ?? ''));
    expect(mail.some((m) => m.subject.includes('Webhook endpoint disabled'))).toBe(true);
    // Turned on again, its failures are forgotten.
    const on = await post('integrations/UpdateWebhookEndpoint', publisher.token, {
      id: endpoint.id,
      enabled: true,
    });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });
  test('an endpoint failing for three days without a success is disabled too', async () => {
    const publisher = await createPublisher(ctx);
    const endpoint = await createEndpoint(publisher);
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - (WEBHOOK_DISABLE_AFTER_DAYS * 24 + 1) * 3600_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    answers.push(500);
    const sent = await post('integrations/SendTestWebhook', publisher.token, { id: endpoint.id });
    expect(sent.json()).toMatchObject({ state: 'pending', attempts: 1 });
    const list = await get('integrations/GetWebhookEndpoints', publisher.token);
    expect(list.json()[0]).toMatchObject({ enabled: false });
    expect(list.json()[0].disabled_reason).toContain('3 days');
  });
});

describe('events', () => {
  test('an event is written only when its transaction commits, for subscribed endpoints', async () => {
    const publisher = await createPublisher(ctx);
    const orgId = publisher.orgId ?? 0;
    const endpoint = await createEndpoint(publisher, { events: ['quiz.graded'] });
    await ctx.database.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, orgId, 'quiz.graded', 'a1', { attempt_id: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    await ctx.database.db.transaction(async (tx) => {
      await emitWebhookEvent(tx, orgId, 'quiz.graded', 'a1', { attempt_id: 1 });
      await emitWebhookEvent(tx, orgId, 'quiz.graded', 'a1', { attempt_id: 1 });
      await emitWebhookEvent(tx, orgId, 'sale.created', 'o1', { order_id: 1 });
    });
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.type)).toEqual(['quiz.graded']);
  });

  test('a sale makes sale, enrolment and student events, delivered by the worker', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 2500, withLesson: true });
    const endpoint = await createEndpoint(publisher);
    const student = await createStudent(ctx);
    await buyCourse(ctx, student, course.id, 25);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.type).sort()).toEqual(['enrolment.created', 'sale.created', 'student.added']);
    received.length = 0;
    await ctx.app.integrations.deliverDue(new Date());
    const sale = received.map((r) => JSON.parse(r.body)).find((b) => b.type === 'sale.created');
    expect(sale?.data).toMatchObject({
      course_id: course.id,
      amount_cents: 2500,
      student: { id: student.userId },
    });
  });
});

describe('API keys', () => {
  test('made (shown once), listed with its prefix, used on its own school only, last use noted, revoked', async () => {
    const publisher = await createPublisher(ctx);
    const own = await createCourse(ctx, publisher.orgId ?? 0, { published: false });
    const other = await createPublisher(ctx);
    const foreign = await createCourse(ctx, other.orgId ?? 0, { published: false });
    const made = await post('integrations/CreateApiKey', publisher.token, { name: 'Zapier' });
    expect(made.statusCode, made.body).toBe(201);
    const key = createdApiKeySchema.parse(made.json());
    expect(key.key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    const [stored] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored?.keyHash).not.toContain(key.key);
    const list = await get('integrations/GetApiKeys', publisher.token);
    expect(list.json()).toHaveLength(1);
    expect(apiKeySchema.strict().parse(list.json()[0])).toMatchObject({
      prefix: key.key.slice(0, 12),
      last_used_at: null,
    });

    expect((await get(`courses/details/${own.id}`, key.key)).statusCode).toBe(200);
    expect((await get(`courses/details/${foreign.id}`, key.key)).statusCode).toBe(404);
    expect((await get('integrations/GetApiKeys', publisher.token)).json()[0].last_used_at).not.toBeNull();
    // Not with a key: keys, the account, the plan.
    const keyMade = await post('integrations/CreateApiKey', key.key, { name: 'more' });
    expect(keyMade.statusCode).toBe(403);
    expect(keyMade.json().message).toBe(INTEGRATIONS_MSG.notWithApiKey);
    expect((await post('organization/CancelPlan', key.key, {})).statusCode).toBe(403);

    const revoked = await post('integrations/RevokeApiKey', publisher.token, { id: key.id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const refused = await get(`courses/details/${own.id}`, key.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(INTEGRATIONS_MSG.revokedKey);
  });

  test('no token, a student, another school and bad input', async () => {
    const publisher = await createPublisher(ctx);
    const made = createdApiKeySchema.parse(
      (await post('integrations/CreateApiKey', publisher.token, { name: 'Tool' })).json(),
    );
    expect((await post('integrations/CreateApiKey', undefined, { name: 'x' })).statusCode).toBe(401);
    const student = await createStudent(ctx);
    expect((await post('integrations/CreateApiKey', student.token, { name: 'x' })).statusCode).toBe(404);
    const other = await createPublisher(ctx);
    expect((await post('integrations/RevokeApiKey', other.token, { id: made.id })).statusCode).toBe(404);
    const blank = await post('integrations/CreateApiKey', publisher.token, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].field).toBe('name');
    expect((await get('courses/details/1', 'sk_live_unknown')).statusCode).toBe(401);
  });

  test('a key stops working when its school leaves Growth', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { published: false });
    const made = createdApiKeySchema.parse(
      (await post('integrations/CreateApiKey', publisher.token, { name: 'Tool' })).json(),
    );
    expect((await get(`courses/details/${course.id}`, made.key)).statusCode).toBe(200);
    await ctx.database.db
      .update(subscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.orgId, publisher.orgId ?? 0));
    const refused = await get(`courses/details/${course.id}`, made.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INTEGRATIONS_MSG.needsPlan);
  });
});
