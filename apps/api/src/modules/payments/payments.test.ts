import { captureResponseSchema, MSG, orderResponseSchema, saleRowSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { addVisibleLesson, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import {
  enrolments,
  lessons,
  notifications,
  orders,
  outgoingMail,
  plans,
  sections,
  subscriptions,
} from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const post = (url: string, token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });

/** A published course with a published lesson (a course with none is not sold: decision 017). */
async function publishedCourse(price = '49.99', priceTypeId = '2') {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token, {
    'Object.price': price,
    'Object.price_type_Id': priceTypeId,
  });
  await addVisibleLesson(ctx, course.course_Id);
  const res = await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: true },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { publisher, course };
}

const createOrder = (student: TestUser, courseId: number, price: number | string) =>
  post('/api/courses/CreateOrder', student.token, {
    price,
    email_address: 'ignored@example.com',
    user_id: student.userId,
    course_id: courseId,
  });
const approve = (student: TestUser, orderId: string, cardNumber = '4242 4242 4242 4242') =>
  post(`/api/sandbox/orders/${orderId}/approve`, student.token, {
    cardNumber,
    expiry: '12/39',
    cvc: '123',
    name: 'Card Holder',
  });
const capture = (student: TestUser, orderId: string, courseId: number, price?: number) =>
  post('/api/courses/CaptureOrder', student.token, {
    orderId,
    course_Id: courseId,
    price,
    user_id: student.userId,
  });

const enrolmentsOf = (userId: number) =>
  ctx.database.db.select().from(enrolments).where(eq(enrolments.userId, userId));
const ordersOf = (userId: number) => ctx.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('buying a course through the sandbox', () => {
  test('order, approve, capture: enrolled once, however often capture is repeated or raced', async () => {
    const { course } = await publishedCourse();
    const student = await createStudent(ctx);
    const created = await createOrder(student, course.course_Id, 49.99);
    expect(created.statusCode).toBe(201);
    const order = orderResponseSchema.parse(created.json());
    expect(order).toMatchObject({ status: 'CREATED', amount: 49.99, currency: 'USD', provider: 'sandbox' });
    expect(order.approveUrl).toBe(`/sandbox/checkout/${order.id}`);
    expect(await enrolmentsOf(student.userId)).toEqual([]);

    const shown = await call(ctx.app, {
      method: 'GET',
      url: `/api/sandbox/orders/${order.id}`,
      token: student.token,
    });
    expect(shown.json()).toEqual({
      id: order.id,
      amount: 49.99,
      currency: 'USD',
      description: 'French Cooking',
      status: 'created',
    });
    const other = await createStudent(ctx);
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/sandbox/orders/${order.id}`, token: other.token }))
        .statusCode,
    ).toBe(404);
    expect((await approve(student, order.id)).json()).toEqual({ id: order.id, status: 'APPROVED' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => capture(student, order.id, course.course_Id, 49.99)),
    );
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      expect(captureResponseSchema.parse(res.json())).toMatchObject({
        id: order.id,
        message: MSG.paymentSuccess,
      });
    }
    expect((await capture(student, order.id, course.course_Id)).statusCode).toBe(200);
    const mine = await enrolmentsOf(student.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ courseId: course.course_Id, source: 'purchased' });
    const [row] = await ordersOf(student.userId);
    expect(row).toMatchObject({ status: 'captured', amountCents: 4999, currency: 'USD' });

    const again = await createOrder(student, course.course_Id, 49.99);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.alreadyEnrolled);
  });

  test('a tampered price is refused and creates no order; the amount is always the server’s', async () => {
    const { course } = await publishedCourse();
    const student = await createStudent(ctx);
    for (const price of [0.01, 49.98, '0']) {
      const res = await createOrder(student, course.course_Id, price);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRICE_MISMATCH');
    }
    expect(await ordersOf(student.userId)).toEqual([]);
    const bad = await createOrder(student, course.course_Id, 'free');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('price');
  });

  test('a declined card shows the spec’s message, says the card was declined, and enrols no one', async () => {
    const { course } = await publishedCourse();
    const student = await createStudent(ctx);
    const { id } = (await createOrder(student, course.course_Id, 49.99)).json();
    expect((await approve(student, id, '4000 0000 0000 0002')).json().status).toBe('DECLINED');
    const res = await capture(student, id, course.course_Id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: `${MSG.paymentCaptureFailed} ${MSG.cardDeclined}`,
    });
    expect(res.json().message).toContain('declined');
    expect(await enrolmentsOf(student.userId)).toEqual([]);
    expect((await ordersOf(student.userId))[0]?.status).toBe('failed');

    // An order the buyer never approved is no card's refusal: the spec's message alone.
    const unapproved = (await createOrder(student, course.course_Id, 49.99)).json().id;
    const notApproved = await capture(student, unapproved, course.course_Id);
    expect(notApproved.statusCode).toBe(402);
    expect(notApproved.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: MSG.paymentCaptureFailed });
    expect(await enrolmentsOf(student.userId)).toEqual([]);
    const notATestCard = await approve(student, unapproved, '4111 1111 1111 1111');
    expect(notATestCard.statusCode).toBe(400);
    expect(notATestCard.json().details[0].field).toBe('cardNumber');
  });

  test('another user can neither approve nor capture my order', async () => {
    const { course } = await publishedCourse();
    const buyer = await createStudent(ctx);
    const thief = await createStudent(ctx);
    const { id } = (await createOrder(buyer, course.course_Id, 49.99)).json();
    expect((await approve(thief, id)).statusCode).toBe(404);
    await approve(buyer, id);
    expect((await capture(thief, id, course.course_Id)).statusCode).toBe(404);
    const forged = await post('/api/courses/CaptureOrder', thief.token, {
      orderId: id,
      course_Id: course.course_Id,
      user_id: buyer.userId,
    });
    expect(forged.statusCode).toBe(403);
    expect(await enrolmentsOf(thief.userId)).toEqual([]);
    expect(await enrolmentsOf(buyer.userId)).toEqual([]);
    const forOther = await post('/api/courses/CreateOrder', thief.token, {
      price: 49.99,
      user_id: buyer.userId,
      course_id: course.course_Id,
    });
    expect(forOther.statusCode).toBe(403);
    expect(
      (await post('/api/courses/CreateOrder', undefined, { price: 1, user_id: 1, course_id: 1 })).statusCode,
    ).toBe(401);
  });

  test('a free course enrols at once without payment; an unpublished course is not for sale', async () => {
    const { course, publisher } = await publishedCourse('0', '1');
    const student = await createStudent(ctx);
    const res = await createOrder(student, course.course_Id, 0);
    expect(res.json()).toMatchObject({ status: 'COMPLETED', provider: 'free', amount: 0 });
    expect(await enrolmentsOf(student.userId)).toMatchObject([
      { courseId: course.course_Id, source: 'free' },
    ]);

    const { course: draft } = await authorCourse(ctx, publisher.token);
    expect((await createOrder(student, draft.course_Id, 49.99)).statusCode).toBe(404);
  });

  test('a course of an organisation without a running plan is not on sale', async () => {
    const { course, publisher } = await publishedCourse();
    await ctx.database.db.delete(subscriptions).where(eq(subscriptions.orgId, publisher.orgId ?? 0));
    const student = await createStudent(ctx);
    const res = await createOrder(student, course.course_Id, 49.99);
    expect(res.statusCode).toBe(409);
    expect(await ordersOf(student.userId)).toEqual([]);
  });

  test('a course with no published lesson yet is neither sold nor enrolled in free: coming soon', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    for (const [price, priceTypeId] of [
      ['49.99', '2'],
      ['0', '1'],
    ] as const) {
      const { course } = await authorCourse(ctx, publisher.token, {
        'Object.price': price,
        'Object.price_type_Id': priceTypeId,
      });
      // Published with a published section holding only a draft lesson: nothing to study yet.
      const section = await addSection(ctx, publisher.token, course.course_Id);
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/courseSections/publishUnpublishSection',
        token: publisher.token,
        body: { Id: section.section_Id, published: true },
      });
      await ctx.database.db
        .insert(lessons)
        .values({ sectionId: section.section_Id, title: 'Draft', contentType: 'pdf' });
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token: publisher.token,
        body: { Id: course.course_Id, published: true },
      });
      const refused = await createOrder(student, course.course_Id, Number(price));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'COMING_SOON', message: MSG.courseComingSoon });
      expect(await ordersOf(student.userId)).toEqual([]);
      expect(await enrolmentsOf(student.userId)).toEqual([]);
    }
  });

  test('a course whose lessons were all unpublished after the order is not charged', async () => {
    const { course, publisher } = await publishedCourse();
    const student = await createStudent(ctx);
    const { id } = (await createOrder(student, course.course_Id, 49.99)).json();
    await approve(student, id);
    const [section] = await ctx.database.db
      .select()
      .from(sections)
      .where(eq(sections.courseId, course.course_Id));
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/courseSections/publishUnpublishSection',
      token: publisher.token,
      body: { Id: section?.id, published: false },
    });
    const res = await capture(student, id, course.course_Id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COMING_SOON');
    expect(await enrolmentsOf(student.userId)).toEqual([]);
    expect((await ordersOf(student.userId))[0]?.status).toBe('approved');
  });

  test('sales and purchases list what was paid', async () => {
    const { course, publisher } = await publishedCourse('12.50');
    const student = await createStudent(ctx);
    const { id } = (await createOrder(student, course.course_Id, 12.5)).json();
    await approve(student, id);
    await capture(student, id, course.course_Id);

    const sales = await call(ctx.app, {
      method: 'GET',
      url: '/api/orders/GetSalesByOrgId',
      token: publisher.token,
    });
    const rows = sales.json().map((r: unknown) => saleRowSchema.parse(r));
    expect(rows).toMatchObject([
      {
        sale_price: 12.5,
        earnings: 12.5,
        currency: 'USD',
        product: 'French Cooking',
        buyer_email: student.email,
      },
    ]);
    const mine = await call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetPurchasesByUserId/${student.userId}`,
      token: student.token,
    });
    expect(mine.json()).toHaveLength(1);
    const asPublisher = await call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetPurchasesByUserId/${student.userId}`,
      token: publisher.token,
    });
    expect(asPublisher.json()).toHaveLength(1);
    const other = await createPublisher(ctx);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/orders/GetSalesByOrgId', token: other.token })).json(),
    ).toEqual([]);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/orders/GetPurchasesByUserId/${student.userId}`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/orders/GetSalesByOrgId', token: student.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('subscribing to a plan', () => {
  const planOrder = (user: TestUser, body: Record<string, unknown>) =>
    post('/api/organization/CreateOrder', user.token, {
      email_address: 'x@example.com',
      user_id: user.userId,
      ...body,
    });
  const planCapture = (user: TestUser, orderId: string, subscriptionCategoryType: string, price = 39) =>
    post('/api/organization/CaptureOrder', user.token, {
      orderId,
      subscriptionCategoryType,
      price,
      email: user.email,
    });

  test('a new publisher pays monthly Kickstarter and is subscribed for a month, once', async () => {
    const publisher = await createPublisher(ctx, { subscribed: false });
    const org = () =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/organization/getOrgById/${publisher.orgId}`,
        token: publisher.token,
      });
    expect((await org()).json().isSubscribed).toBe(false);

    const created = await planOrder(publisher, { price: 39 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    await approve(publisher, id);
    const results = await Promise.all([
      planCapture(publisher, id, 'MonthlyKickstart'),
      planCapture(publisher, id, 'MonthlyKickstart'),
    ]);
    for (const res of results)
      expect(res.json()).toMatchObject({ status: 'COMPLETED', subscriptionCategoryType: 'MonthlyKickstart' });
    const periods = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orgId, publisher.orgId ?? 0));
    expect(periods).toHaveLength(1);
    const days =
      ((periods[0]?.periodEnd.getTime() ?? 0) - (periods[0]?.periodStart.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    // One receipt for the order however many captures ran, always e-mailed.
    const receipts = await ctx.database.db
      .select()
      .from(outgoingMail)
      .where(eq(outgoingMail.to, publisher.email));
    expect(receipts.map((m) => m.subject)).toEqual(['Receipt for the Kickstarter plan']);
    expect(receipts[0]?.text).toContain('Plan: Kickstarter, 1 month');
    expect(receipts[0]?.text).toContain('Amount: $39.00 USD');
    expect(receipts[0]?.text).toContain(`Payment reference: ${id}`);
    expect(receipts[0]?.text).toMatch(/^Period: .+ UTC to .+ UTC$/m);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, publisher.userId));
    expect(told.map((n) => [n.kind, n.link])).toEqual([['purchased', '/admin/subscription']]);
    expect((await org()).json()).toMatchObject({
      isSubscribed: true,
      subscriptionStatus: 'active',
      plan: 'Kickstarter',
    });

    // Upgrading to annual Growth takes effect at once.
    const upgrade = (
      await planOrder(publisher, { price: 1910.4, subscriptionCategoryType: 'AnnualGrowth' })
    ).json();
    await approve(publisher, upgrade.id);
    const upgraded = await planCapture(publisher, upgrade.id, 'AnnualGrowth', 1910.4);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect((await org()).json()).toMatchObject({ plan: 'Growth', subscriptionCategory: 'AnnualGrowth' });
  });

  test('a price that matches no plan, a wrong category, another publisher’s order, a student: refused', async () => {
    const publisher = await createPublisher(ctx, { subscribed: false });
    const other = await createPublisher(ctx, { subscribed: false });
    const student = await createStudent(ctx);
    expect((await planOrder(publisher, { price: 1 })).statusCode).toBe(409);
    expect(
      (await planOrder(publisher, { price: 1, subscriptionCategoryType: 'MonthlyGrowth' })).json().code,
    ).toBe('PRICE_MISMATCH');
    expect((await planOrder(publisher, { price: 39, subscriptionCategoryType: 'Weekly' })).statusCode).toBe(
      400,
    );
    const { id } = (await planOrder(publisher, { price: 39 })).json();
    await approve(publisher, id);
    expect((await planCapture(publisher, id, 'MonthlyGrowth')).statusCode).toBe(409);
    expect((await planCapture(other, id, 'MonthlyKickstart')).statusCode).toBe(404);
    expect((await planOrder(student, { price: 39 })).statusCode).toBe(403);
    expect(
      await ctx.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orgId, publisher.orgId ?? 0)),
    ).toEqual([]);
  });
});

describe('plan limits', () => {
  test('Kickstarter publishes one course; the second is refused naming the plan and the limit', async () => {
    const publisher = await createPublisher(ctx, { category: 'MonthlyKickstart' });
    const first = await authorCourse(ctx, publisher.token);
    const second = await authorCourse(ctx, publisher.token);
    const publish = (courseId: number, published = true) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token: publisher.token,
        body: { Id: courseId, published },
      });
    expect((await publish(first.course.course_Id)).statusCode).toBe(200);
    const refused = await publish(second.course.course_Id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_LIMIT',
      message: expect.stringMatching(/Kickstarter plan allows 1 published course/),
    });
    // Nothing already there is lost: the first stays published; unpublishing frees the slot.
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/courses/details/${first.course.course_Id}` }))
        .statusCode,
    ).toBe(200);
    await publish(first.course.course_Id, false);
    expect((await publish(second.course.course_Id)).statusCode).toBe(200);
  });

  test('contacts: past the plan’s student limit, adding and buying are refused', async () => {
    const { course, publisher } = await publishedCourse();
    // This file's own database: make the running Growth plan small enough to reach.
    await ctx.database.db.update(plans).set({ maxContacts: 1 }).where(eq(plans.name, 'Growth'));
    try {
      const first = await createStudent(ctx);
      const { id } = (await createOrder(first, course.course_Id, 49.99)).json();
      await approve(first, id);
      expect((await capture(first, id, course.course_Id)).statusCode).toBe(200);
      const second = await createStudent(ctx);
      const refused = await createOrder(second, course.course_Id, 49.99);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Growth plan .* allows 1 students/);
      const added = await post('/api/studentCourse/registerStudent', publisher.token, {
        name: 'N',
        email: 'n@example.com',
      });
      expect(added.statusCode).toBe(409);
      expect(await enrolmentsOf(first.userId)).toHaveLength(1);
    } finally {
      await ctx.database.db.update(plans).set({ maxContacts: 25_000 }).where(eq(plans.name, 'Growth'));
    }
  });
});

describe('never twice, never for the wrong buyer', () => {
  test('two orders for one course (two tabs) charge once: the second finds the course owned', async () => {
    const { course } = await publishedCourse();
    const student = await createStudent(ctx);
    const first = (await createOrder(student, course.course_Id, 49.99)).json().id;
    const second = (await createOrder(student, course.course_Id, 49.99)).json().id;
    await approve(student, first);
    await approve(student, second);
    const results = await Promise.all([
      capture(student, first, course.course_Id),
      capture(student, second, course.course_Id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect([MSG.alreadyEnrolled, MSG.paymentInProgress]).toContain(refused?.json().message);
    // Whichever lost is refused again later: the course is owned now.
    const loser = results[0]?.statusCode === 409 ? first : second;
    expect((await capture(student, loser, course.course_Id)).json().message).toBe(MSG.alreadyEnrolled);
    const captured = (await ordersOf(student.userId)).filter((o) => o.status === 'captured');
    expect(captured).toHaveLength(1);
    expect(await enrolmentsOf(student.userId)).toHaveLength(1);
    const purchases = await call(ctx.app, {
      method: 'GET',
      url: `/api/orders/GetPurchasesByUserId/${student.userId}`,
      token: student.token,
    });
    expect(purchases.json()).toHaveLength(1);
  });

  test('a course unpublished between approval and capture is not charged', async () => {
    const { course, publisher } = await publishedCourse();
    const student = await createStudent(ctx);
    const { id } = (await createOrder(student, course.course_Id, 49.99)).json();
    await approve(student, id);
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: course.course_Id, published: false },
    });
    expect((await capture(student, id, course.course_Id)).statusCode).toBe(404);
    expect(await enrolmentsOf(student.userId)).toEqual([]);
    expect((await ordersOf(student.userId))[0]?.status).toBe('approved');
  });

  test('only a student buys a course: another organisation’s publisher is refused', async () => {
    const { course } = await publishedCourse();
    const stranger = await createPublisher(ctx);
    const res = await createOrder(stranger, course.course_Id, 49.99);
    expect(res.statusCode).toBe(403);
    expect(await ordersOf(stranger.userId)).toEqual([]);
  });

  test('the sandbox refuses an expired card; prices and order ids out of shape name the field', async () => {
    const { course } = await publishedCourse();
    const student = await createStudent(ctx);
    const { id } = (await createOrder(student, course.course_Id, 49.99)).json();
    const expired = await post(`/api/sandbox/orders/${id}/approve`, student.token, {
      cardNumber: '4242424242424242',
      expiry: '01/20',
      cvc: '123',
      name: 'Card Holder',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().details).toEqual([{ field: 'expiry', message: 'the card has expired' }]);
    for (const price of [1e308, '1'.repeat(400), '12.5.0']) {
      const res = await createOrder(student, course.course_Id, price);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'price', message: 'must be a price like 19.99' });
    }
    const long = await capture(student, 'X'.repeat(500), course.course_Id);
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({ field: 'orderId', message: 'must be at most 100 characters' });
  });
});

describe('plan periods', () => {
  const buyPlan = async (user: TestUser, category: string, price: number) => {
    const { id } = (
      await post('/api/organization/CreateOrder', user.token, {
        price,
        user_id: user.userId,
        subscriptionCategoryType: category,
      })
    ).json();
    await approve(user, id);
    return post('/api/organization/CaptureOrder', user.token, {
      orderId: id,
      subscriptionCategoryType: category,
      price,
    });
  };
  const orgOf = async (user: TestUser) =>
    (
      await call(ctx.app, {
        method: 'GET',
        url: `/api/organization/getOrgById/${user.orgId}`,
        token: user.token,
      })
    ).json();

  test('a lower plan waits for the better one to end; a renewal adds to the end', async () => {
    const publisher = await createPublisher(ctx, { subscribed: false });
    const growth = await buyPlan(publisher, 'AnnualGrowth', 1910.4);
    expect(growth.statusCode).toBe(200);
    const growthEnds = new Date(growth.json().subscriptionEndsAt);

    const kickstart = await buyPlan(publisher, 'MonthlyKickstart', 39);
    expect(kickstart.statusCode).toBe(200);
    expect(await orgOf(publisher)).toMatchObject({ plan: 'Growth', subscriptionCategory: 'AnnualGrowth' });
    const periods = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orgId, publisher.orgId ?? 0));
    const queued = periods.find((p) => p.periodStart.getTime() === growthEnds.getTime());
    expect(queued).toBeDefined();
    // Paid without a gap through the queued month.
    expect(new Date(kickstart.json().subscriptionEndsAt).getTime()).toBe(queued?.periodEnd.getTime());

    const renewal = await buyPlan(publisher, 'AnnualGrowth', 1910.4);
    expect(new Date(renewal.json().subscriptionEndsAt).getTime()).toBeGreaterThan(
      queued?.periodEnd.getTime() ?? 0,
    );
    expect(await orgOf(publisher)).toMatchObject({ plan: 'Growth' });
  });

  test('months are calendar months: 31 January plus one is the end of February', async () => {
    const { addMonths } = await import('../../lib/dates');
    expect(addMonths(new Date('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2027-03-15T00:00:00Z'), 12).toISOString()).toBe('2028-03-15T00:00:00.000Z');
  });
});

describe('plan limits under concurrent requests', () => {
  test('buyers capturing at once never pass the student limit; those refused are not charged', async () => {
    const { course } = await publishedCourse();
    await ctx.database.db.update(plans).set({ maxContacts: 3 }).where(eq(plans.name, 'Growth'));
    try {
      const buyers = await Promise.all(Array.from({ length: 6 }, () => createStudent(ctx)));
      const orderIds: string[] = [];
      for (const buyer of buyers) {
        const { id } = (await createOrder(buyer, course.course_Id, 49.99)).json();
        await approve(buyer, id);
        orderIds.push(id);
      }
      const results = await Promise.all(
        buyers.map((buyer, i) => capture(buyer, orderIds[i] ?? '', course.course_Id)),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const refused of results.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe('PLAN_LIMIT');
      }
      const enrolled = await ctx.database.db
        .select()
        .from(enrolments)
        .where(eq(enrolments.courseId, course.course_Id));
      expect(enrolled).toHaveLength(3);
      const captured = (await Promise.all(buyers.map((buyer) => ordersOf(buyer.userId))))
        .flat()
        .filter((o) => o.status === 'captured');
      expect(captured).toHaveLength(3);
    } finally {
      await ctx.database.db.update(plans).set({ maxContacts: 25_000 }).where(eq(plans.name, 'Growth'));
    }
  });

  test('students added at once never pass the limit', async () => {
    const publisher = await createPublisher(ctx, { category: 'MonthlyBasic' });
    await ctx.database.db.update(plans).set({ maxContacts: 3 }).where(eq(plans.name, 'Basic'));
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post('/api/studentCourse/registerStudent', publisher.token, {
            name: `Racer ${i}`,
            email: `racer-${i}-${publisher.userId}@example.com`,
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
      const list = await call(ctx.app, {
        method: 'GET',
        url: `/api/studentCourse/getStudentByOrgID/${publisher.orgId}`,
        token: publisher.token,
      });
      expect(list.json()).toHaveLength(3);
    } finally {
      await ctx.database.db.update(plans).set({ maxContacts: 10_000 }).where(eq(plans.name, 'Basic'));
    }
  });
});

test('with only the sandbox, payments/config lists it alone and there is no Stripe webhook', async () => {
  const config = await call(ctx.app, { method: 'GET', url: '/api/payments/config' });
  expect(config.json()).toEqual({
    provider: 'sandbox',
    clientId: null,
    currency: 'USD',
    providers: [{ name: 'sandbox', clientId: null }],
  });
  const webhook = await call(ctx.app, {
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    body: '{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{}}}',
  });
  expect(webhook.statusCode).toBe(404);
});
