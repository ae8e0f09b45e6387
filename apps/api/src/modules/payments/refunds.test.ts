import { refundOrderResponseSchema } from '@skillwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { FakePayPal } from '../../../test/fakes/paypal-server';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { buyCourse } from '../../../test/payments';
import {
  certificates,
  courseReviews,
  courses,
  enrolmentRevocations,
  enrolments,
  lessonProgress,
  lessons,
  notifications,
  orderRefunds,
  orders,
  sandboxPayments,
  sections,
} from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (app: TestContext['app'], url: string, token: string | undefined, body: unknown) =>
  call(app, { method: 'POST', url, body, ...(token ? { token } : {}) });
const refund = (token: string | undefined, body: Record<string, unknown>) =>
  post(ctx.app, '/api/orders/RefundOrder', token, body);

/** A school's course at 49.99 bought by a student through the sandbox; its order's row. */
async function sold(context = ctx) {
  const publisher = await createPublisher(context);
  const course = await createCourse(context, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(context);
  const created = await post(context.app, '/api/courses/CreateOrder', student.token, {
    price: 49.99,
    user_id: student.userId,
    course_id: course.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const providerOrderId: string = created.json().id;
  if (created.json().provider === 'sandbox') {
    const approved = await post(
      context.app,
      `/api/sandbox/orders/${providerOrderId}/approve`,
      student.token,
      {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Card Holder',
      },
    );
    expect(approved.statusCode).toBe(200);
  }
  const captured = await post(context.app, '/api/courses/CaptureOrder', student.token, {
    orderId: providerOrderId,
    course_Id: course.id,
    user_id: student.userId,
  });
  expect(captured.statusCode, captured.body).toBe(200);
  const [order] = await context.database.db
    .select()
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId));
  if (!order) throw new Error('no order');
  return { publisher, course, student, order };
}

const db = () => ctx.database.db;
const enrolled = async (student: TestUser, courseId: number, context = ctx) =>
  (
    await context.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, student.userId), eq(enrolments.courseId, courseId)))
  ).length === 1;
const orderNow = async (id: number, context = ctx) =>
  (await context.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const refundsOf = (orderId: number, context = ctx) =>
  context.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('a school refunds a sale', () => {
  test('in full: the money goes back once, the buyer loses the course, certificate and review; progress is kept', async () => {
    const { publisher, course, student, order } = await sold();
    // What the student had: a certificate, a review and progress.
    const [lesson] = await db()
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId))
      .where(eq(sections.courseId, course.id));
    await db()
      .insert(certificates)
      .values({
        number: `CERT-${order.id}`,
        userId: student.userId,
        courseId: course.id,
        studentName: 'Sam Student',
        courseTitle: course.title,
        orgName: 'School',
        authorName: 'Ada Lovelace',
      });
    await db().insert(courseReviews).values({ courseId: course.id, userId: student.userId, rating: 5 });
    if (!lesson) throw new Error('no lesson');
    await db()
      .insert(lessonProgress)
      .values({ userId: student.userId, lessonId: lesson.id })
      .onConflictDoNothing();

    const answered = await refund(publisher.token, {
      order_Id: order.id,
      reason: 'The student asked within the guarantee',
      request_id: 'refund-request-1',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(refundOrderResponseSchema.parse(answered.json())).toEqual({
      refund_Id: expect.any(Number),
      order_Id: order.id,
      amount: 49.99,
      currency: 'USD',
      status: 'completed',
      removed_access: true,
      refunded_total: 49.99,
      refundable: 0,
    });
    expect(await orderNow(order.id)).toMatchObject({ status: 'refunded', refundedCents: 4999 });
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, order.providerOrderId));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4999 });
    expect(await enrolled(student, course.id)).toBe(false);
    const [revoked] = await db()
      .select()
      .from(enrolmentRevocations)
      .where(eq(enrolmentRevocations.userId, student.userId));
    expect(revoked).toMatchObject({ courseId: course.id, source: 'purchased', orderId: order.id });
    const [certificate] = await db()
      .select()
      .from(certificates)
      .where(eq(certificates.number, `CERT-${order.id}`));
    expect(certificate?.revokedAt).toBeInstanceOf(Date);
    // Revoked, it belongs to nobody (as when an account is deleted): its number answers "revoked".
    expect(certificate?.userId).toBeNull();
    const [review] = await db().select().from(courseReviews).where(eq(courseReviews.userId, student.userId));
    expect(review?.hidden).toBe(true);
    {
      const kept = await db().select().from(lessonProgress).where(eq(lessonProgress.userId, student.userId));
      expect(kept).toHaveLength(1);
    }
    const told = await db().select().from(notifications).where(eq(notifications.userId, student.userId));
    expect(told.some((n) => n.kind === 'refunded')).toBe(true);

    // The same request again (a retry, a double click): the same refund, nothing more.
    const again = await refund(publisher.token, {
      order_Id: order.id,
      reason: 'The student asked within the guarantee',
      request_id: 'refund-request-1',
    });
    expect(again.json()).toEqual(answered.json());
    expect(await refundsOf(order.id)).toHaveLength(1);
    // Another request: nothing is left.
    const more = await refund(publisher.token, { order_Id: order.id, reason: 'Again' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('This sale is refunded in full already.');

    // The Sales screen: the sale stays, with what it gave back; it earns nothing now.
    const sales = await call(ctx.app, {
      method: 'GET',
      url: '/api/orders/GetSalesByOrgId',
      token: publisher.token,
    });
    const row = (sales.json() as { order_Id: number; refunded: number; net: number }[]).find(
      (r) => r.order_Id === order.id,
    );
    expect(row).toMatchObject({ refunded: 49.99 });
    expect(row?.net).toBeLessThanOrEqual(0);
  });

  test('bought again after a refund took it away: progress comes back, and completing the course issues a new certificate while the old number stays revoked', async () => {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
    await db().update(courses).set({ certificate: true }).where(eq(courses.id, course.id));
    const [lesson] = await db()
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId))
      .where(eq(sections.courseId, course.id));
    if (!lesson) throw new Error('no lesson');
    const student = await createStudent(ctx);
    const get = (url: string) => call(ctx.app, { method: 'GET', url, token: student.token });
    const done = () =>
      post(ctx.app, '/api/studentCourse/SaveLessonProgress', student.token, {
        lesson_Id: lesson.id,
        completed: true,
      });
    const verify = async (number: string) =>
      (await call(ctx.app, { method: 'GET', url: `/api/certificates/Verify/${number}` })).json();

    const first = await buyCourse(ctx, student, course.id, 49.99);
    expect(first.capture?.statusCode).toBe(200);
    const issued = await done();
    expect(issued.statusCode, issued.body).toBe(200);
    const oldNumber: string = issued.json().certificate.number;
    expect((await verify(oldNumber)).status).toBe('valid');

    const [order] = await db().select().from(orders).where(eq(orders.providerOrderId, first.orderId));
    const refunded = await refund(publisher.token, {
      order_Id: order?.id,
      amount: 10,
      reason: 'Asked',
      remove_access: true,
    });
    expect(refunded.json()).toMatchObject({ removed_access: true });
    expect(await verify(oldNumber)).toMatchObject({ status: 'revoked', student_name: null });
    expect((await get('/api/certificates/GetMyCertificates')).json()).toEqual([]);
    expect((await get(`/api/certificates/Download/${oldNumber}`)).statusCode).toBe(404);
    expect((await get(`/api/studentCourse/GetCourseProgress/${course.id}`)).statusCode).toBe(404);

    const second = await buyCourse(ctx, student, course.id, 49.99);
    expect(second.capture?.statusCode, second.capture?.body).toBe(200);
    const progress = await get(`/api/studentCourse/GetCourseProgress/${course.id}`);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().lessons).toEqual([
      expect.objectContaining({ lesson_Id: lesson.id, completed: true }),
    ]);

    // Completing it again (the lesson marked done) issues a new certificate, with a new number.
    const reissued = await done();
    const newNumber: string = reissued.json().certificate?.number;
    expect(newNumber).toMatch(/^SW-/);
    expect(newNumber).not.toBe(oldNumber);
    expect(await verify(newNumber)).toMatchObject({ status: 'valid', student_name: 'Sam Student' });
    expect((await verify(oldNumber)).status).toBe('revoked');
    expect((await get('/api/certificates/GetMyCertificates')).json()).toEqual([
      expect.objectContaining({ number: newNumber, course_Id: course.id }),
    ]);
    expect((await get(`/api/certificates/Download/${newNumber}`)).statusCode).toBe(200);
    // Marked done once more: the certificate held, nothing new.
    expect((await done()).json().certificate).toBeUndefined();
  });

  test('in parts: never more than was paid, access kept unless asked; racing refunds take the last cents once', async () => {
    const { publisher, course, student, order } = await sold();
    const first = await refund(publisher.token, { order_Id: order.id, amount: 20, reason: 'Late start' });
    expect(first.json()).toMatchObject({
      amount: 20,
      status: 'completed',
      removed_access: false,
      refunded_total: 20,
      refundable: 29.99,
    });
    expect(await enrolled(student, course.id)).toBe(true);
    expect((await orderNow(order.id))?.status).toBe('captured');

    const tooMuch = await refund(publisher.token, { order_Id: order.id, amount: 30, reason: 'More' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details[0]).toEqual({
      field: 'amount',
      message: 'must be at most 29.99, what is left of the sale',
    });

    // Two refunds of 20 at once for the 29.99 left: one is taken, the other refused.
    const raced = await Promise.all([
      refund(publisher.token, { order_Id: order.id, amount: 20, reason: 'A', request_id: 'race-one-1' }),
      refund(publisher.token, { order_Id: order.id, amount: 20, reason: 'B', request_id: 'race-two-2' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await orderNow(order.id))?.refundedCents).toBe(4000);

    // The rest, with access removed: the sale is refunded in full.
    const rest = await refund(publisher.token, {
      order_Id: order.id,
      amount: '9.99',
      reason: 'Rest',
      remove_access: true,
    });
    expect(rest.json()).toMatchObject({
      amount: 9.99,
      refunded_total: 49.99,
      refundable: 0,
      removed_access: true,
    });
    expect(await enrolled(student, course.id)).toBe(false);
    expect(await orderNow(order.id)).toMatchObject({ status: 'refunded', refundedCents: 4999 });
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, order.providerOrderId));
    expect(payment?.refundedCents).toBe(4999);
    // A receipt for each of the three refunds, with its own amount.
    const receipts = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.userId), eq(notifications.kind, 'refunded')))
      .orderBy(notifications.id);
    expect(receipts.map((r) => r.body.split(' ')[0])).toEqual(['$20.00', '$20.00', '$9.99']);
  });

  test('a double click sends one refund', async () => {
    const { publisher, order } = await sold();
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () =>
        refund(publisher.token, {
          order_Id: order.id,
          amount: 5,
          reason: 'Once',
          request_id: 'double-click-1',
        }),
      ),
    );
    for (const click of clicks) expect(click.statusCode, click.body).toBe(200);
    expect(new Set(clicks.map((c) => c.json().refund_Id)).size).toBe(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderNow(order.id))?.refundedCents).toBe(500);
  });

  test('only the school that sold it: no token, another school, the buyer, a plan; bad input names its field', async () => {
    const { student, order } = await sold();
    const other = await createPublisher(ctx);
    expect((await refund(undefined, { order_Id: order.id, reason: 'x' })).statusCode).toBe(401);
    expect((await refund(other.token, { order_Id: order.id, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(student.token, { order_Id: order.id, reason: 'x' })).statusCode).toBe(404);
    const { publisher } = await sold();
    expect((await refund(publisher.token, { order_Id: 999_999, reason: 'x' })).statusCode).toBe(404);
    for (const [body, field] of [
      [{ order_Id: order.id }, 'reason'],
      [{ order_Id: 'x', reason: 'y' }, 'order_Id'],
      [{ order_Id: order.id, reason: 'y', amount: 'lots' }, 'amount'],
      [{ order_Id: order.id, reason: 'y', amount: 0 }, 'amount'],
      [{ order_Id: order.id, reason: 'y', amount: 1.234 }, 'amount'],
      [{ order_Id: order.id, reason: 'y', remove_access: 'yes' }, 'remove_access'],
      [{ order_Id: order.id, reason: 'y', request_id: 'a b' }, 'request_id'],
    ] as const) {
      const res = await refund(other.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});

describe('a refund through PayPal', () => {
  let fake: FakePayPal;
  let paypal: TestContext;
  beforeAll(async () => {
    fake = await new FakePayPal().start();
    paypal = await createTestContext({
      ...fake.appSettings,
    });
  });
  afterAll(async () => {
    await fake?.stop();
    await paypal?.close();
  });

  test('waits while PayPal is down and is sent once it is back, with its amount and its own key', async () => {
    const { publisher, order } = await sold(paypal);
    fake.mode = 'error5xx';
    const asked = await post(paypal.app, '/api/orders/RefundOrder', publisher.token, {
      order_Id: order.id,
      amount: 10,
      reason: 'Partial',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', refunded_total: 10, refundable: 39.99 });
    // The school is told of a refund once the provider took it.
    const schoolTold = () =>
      paypal.database.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(and(eq(notifications.userId, publisher.userId), eq(notifications.kind, 'refunded')))
        .orderBy(notifications.id);
    expect(await schoolTold()).toHaveLength(0);
    fake.mode = 'ok';
    expect((await paypal.app.payments.settleInFlight(0)).refunded).toBe(1);
    const [row] = await refundsOf(order.id, paypal);
    expect(row).toMatchObject({ status: 'completed', amountCents: 1000 });
    const sent = fake.seen.filter((r) => r.method === 'POST' && r.url.endsWith('/refund'));
    expect(sent.at(-1)?.headers['paypal-request-id']).toBe(`refund-${order.id}-${row?.id}`);
    expect(JSON.parse(sent.at(-1)?.body ?? '{}')).toMatchObject({ amount: { value: '10.00' } });

    // The rest refunded in PayPal's dashboard: only what the school had not given back is recorded.
    const event = fake.refundFromDashboard(order.providerCaptureId ?? '');
    const body = JSON.stringify(event);
    const delivered = await call(paypal.app, {
      method: 'POST',
      url: '/api/payments/webhooks/paypal',
      headers: { 'content-type': 'application/json', ...fake.sign(body) },
      body,
    });
    expect(delivered.statusCode).toBe(200);
    expect(await orderNow(order.id, paypal)).toMatchObject({ status: 'refunded', refundedCents: 4999 });
    const all = await refundsOf(order.id, paypal);
    expect(all.map((r) => [r.reason, r.amountCents])).toEqual([
      ['school_refund', 1000],
      ['provider_refund', 3999],
    ]);
    expect((await schoolTold()).map((n) => n.body.replace(/^.*?was refunded /, ''))).toEqual([
      `$10.00 USD. Order ${order.id}. Your school refunded it. They keep access to the course.`,
      // The rest refunded at PayPal: refunded wholly, the course is taken away.
      `$39.99 USD. Order ${order.id}. It was refunded in the payment provider’s dashboard. Their access to the course was removed.`,
    ]);
  });
});

describe('the money-back guarantee', () => {
  const get = (url: string, token: string | undefined) =>
    call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
  const ask = (student: TestUser, orderId: number, reason = 'Not what I expected') =>
    post(ctx.app, '/api/orders/RequestRefund', student.token, { order_Id: orderId, reason });
  const setPolicy = (publisher: TestUser, body: unknown) =>
    post(ctx.app, '/api/organization/SetRefundPolicy', publisher.token, body);

  test('each school sets its window and progress limit; only its staff; bad values name their field', async () => {
    const { publisher, student } = await sold();
    expect((await get('/api/organization/GetRefundPolicy', publisher.token)).json()).toEqual({
      refund_window_days: 30,
      refund_max_progress_percent: null,
    });
    const set = await setPolicy(publisher, { refund_window_days: 14, refund_max_progress_percent: 50 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ refund_window_days: 14, refund_max_progress_percent: 50 });
    expect((await get('/api/organization/GetRefundPolicy', undefined)).statusCode).toBe(401);
    expect((await get('/api/organization/GetRefundPolicy', student.token)).statusCode).toBe(404);
    expect(
      (await setPolicy(student, { refund_window_days: 0, refund_max_progress_percent: null })).statusCode,
    ).toBe(404);
    // Another school's staff sets its own policy, never this one's.
    const other = await createPublisher(ctx);
    await setPolicy(other, { refund_window_days: 0, refund_max_progress_percent: null });
    expect((await get('/api/organization/GetRefundPolicy', publisher.token)).json().refund_window_days).toBe(
      14,
    );
    for (const [body, field] of [
      [{ refund_window_days: 366, refund_max_progress_percent: null }, 'refund_window_days'],
      [{ refund_window_days: 1.5, refund_max_progress_percent: null }, 'refund_window_days'],
      [{ refund_window_days: 30, refund_max_progress_percent: 101 }, 'refund_max_progress_percent'],
      [{ refund_window_days: 30 }, 'refund_max_progress_percent'],
    ] as const) {
      const res = await setPolicy(publisher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
  });

  test('inside the window the buyer is refunded at once and loses the course, once', async () => {
    const { publisher, course, student, order } = await sold();
    const answered = await ask(student, order.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      outcome: 'refunded',
      message: 'Refunded $49.99 under the school’s money-back guarantee. The course is no longer yours.',
      refund: { amount: 49.99, status: 'completed', removed_access: true },
      request: null,
    });
    expect(await enrolled(student, course.id)).toBe(false);
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({
      reason: 'guarantee',
      requestedBy: student.userId,
      requestKey: `guarantee-${order.id}`,
    });
    const again = await ask(student, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This purchase is refunded in full already.');
    // Nobody else asks for the buyer: another student, the school itself, no token.
    const { order: another } = await sold();
    expect((await ask(student, another.id)).statusCode).toBe(404);
    expect(
      (
        await post(ctx.app, '/api/orders/RequestRefund', publisher.token, {
          order_Id: another.id,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(ctx.app, '/api/orders/RequestRefund', undefined, { order_Id: another.id, reason: 'x' }))
        .statusCode,
    ).toBe(401);
    const bad = await post(ctx.app, '/api/orders/RequestRefund', student.token, { order_Id: another.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('reason');
  });

  test('outside the window the school decides: it approves, and the buyer is refunded and loses the course', async () => {
    const { publisher, course, student, order } = await sold();
    // Bought 31 days ago.
    await db()
      .update(orders)
      .set({ capturedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(orders.id, order.id));
    const asked = await ask(student, order.id, 'I could not attend');
    expect(asked.json()).toMatchObject({
      outcome: 'requested',
      refund: null,
      request: { order_Id: order.id, status: 'pending', amount: 49.99, reason: 'I could not attend' },
    });
    expect(asked.json().message).toMatch(
      /^The 30-day money-back guarantee ended on \d{4}-\d{2}-\d{2}\. The school decides/,
    );
    // Asked again: the same request.
    expect((await ask(student, order.id)).json().request.request_Id).toBe(asked.json().request.request_Id);
    expect(await enrolled(student, course.id)).toBe(true);

    const listed = await get('/api/orders/GetRefundRequests', publisher.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0]).toMatchObject({
      request_Id: asked.json().request.request_Id,
      status: 'pending',
      buyer_email: student.email,
    });
    const other = await createPublisher(ctx);
    expect((await get('/api/orders/GetRefundRequests', other.token)).json()).toEqual([]);
    const answer = (token: string | undefined, body: unknown) =>
      post(ctx.app, '/api/orders/AnswerRefundRequest', token, body);
    const id = asked.json().request.request_Id;
    expect((await answer(other.token, { request_Id: id, approve: true })).statusCode).toBe(404);
    expect((await answer(student.token, { request_Id: id, approve: true })).statusCode).toBe(404);
    expect((await answer(undefined, { request_Id: id, approve: true })).statusCode).toBe(401);
    expect((await answer(publisher.token, { request_Id: id, approve: 'yes' })).statusCode).toBe(400);

    const approved = await answer(publisher.token, { request_Id: id, approve: true, message: 'Granted' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', answer: 'Granted' });
    expect(await enrolled(student, course.id)).toBe(false);
    expect(await orderNow(order.id)).toMatchObject({ status: 'refunded', refundedCents: 4999 });
    expect((await answer(publisher.token, { request_Id: id, approve: false })).statusCode).toBe(409);
  });

  test('a request whose sale was refunded meanwhile cannot be approved: it waits again, and nothing more is paid', async () => {
    const { publisher, student, order } = await sold();
    await setPolicy(publisher, { refund_window_days: 0, refund_max_progress_percent: null });
    const asked = await ask(student, order.id);
    expect(asked.json().outcome).toBe('requested');
    expect(
      (await refund(publisher.token, { order_Id: order.id, reason: 'Refunded by hand' })).statusCode,
    ).toBe(200);
    const approved = await post(ctx.app, '/api/orders/AnswerRefundRequest', publisher.token, {
      request_Id: asked.json().request.request_Id,
      approve: true,
    });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('This sale is refunded in full already.');
    const [request] = await get('/api/orders/GetRefundRequests', publisher.token).then((r) => r.json());
    expect(request).toMatchObject({ status: 'pending', answer: null });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test('past the progress limit the school decides: declined, the buyer keeps the course and reads why', async () => {
    const { publisher, course, student, order } = await sold();
    await setPolicy(publisher, { refund_window_days: 30, refund_max_progress_percent: 0 });
    const [lesson] = await db()
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId))
      .where(eq(sections.courseId, course.id));
    if (!lesson) throw new Error('no lesson');
    await db()
      .insert(lessonProgress)
      .values({ userId: student.userId, lessonId: lesson.id, completed: true, completedAt: new Date() })
      .onConflictDoNothing();
    const asked = await ask(student, order.id);
    expect(asked.json().outcome).toBe('requested');
    expect(asked.json().message).toMatch(
      /^You have completed 100% of the course; the guarantee covers up to 0%\./,
    );
    const declined = await post(ctx.app, '/api/orders/AnswerRefundRequest', publisher.token, {
      request_Id: asked.json().request.request_Id,
      approve: false,
      message: 'You finished the course.',
    });
    expect(declined.json()).toMatchObject({ status: 'declined', answer: 'You finished the course.' });
    expect(await enrolled(student, course.id)).toBe(true);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});
