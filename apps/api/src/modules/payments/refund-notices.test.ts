import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { buyCourse } from '../../../test/payments';
import { notifications, orders, outgoingMail, users } from '../../db/schema';

/**
 * What a refund tells (docs/decisions/029): the school of each refund of its sales whatever made it, the
 * school of a request put to it, the buyer of the school's answer; each once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const post = (token: string, url: string, body: unknown) =>
  call(ctx.app, { method: 'POST', url, body, token });

/** A school's course at 49.99 bought by a student through the sandbox; the order's row. */
async function sold() {
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { priceCents: 4999, withLesson: true });
  const student = await createStudent(ctx);
  const { orderId } = await buyCourse(ctx, student, course.id, 49.99);
  const [order] = await db().select().from(orders).where(eq(orders.providerOrderId, orderId));
  if (!order) throw new Error('no order');
  return { publisher, course, student, order };
}

const refundNotices = (user: TestUser) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'refunded')))
    .orderBy(notifications.id);

const mailTo = async (user: TestUser, subject: string) =>
  db()
    .select()
    .from(outgoingMail)
    .where(and(eq(outgoingMail.to, user.email), eq(outgoingMail.subject, subject)));

const outsideWindow = (orderId: number) =>
  db()
    .update(orders)
    .set({ capturedAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(orders.id, orderId));

describe('the school is told of each refund of its sales', () => {
  test('its own refunds, each once, with the buyer, the amount and whether the course was taken away', async () => {
    const { publisher, student, order } = await sold();
    const part = await post(publisher.token, '/api/orders/RefundOrder', {
      order_Id: order.id,
      amount: 20,
      reason: 'Late start',
      request_id: 'part-one-1',
    });
    expect(part.statusCode, part.body).toBe(200);
    // Sent again: the same refund, told once.
    await post(publisher.token, '/api/orders/RefundOrder', {
      order_Id: order.id,
      amount: 20,
      reason: 'Late start',
      request_id: 'part-one-1',
    });
    const rest = await post(publisher.token, '/api/orders/RefundOrder', {
      order_Id: order.id,
      reason: 'The rest',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const told = await refundNotices(publisher);
    expect(told.map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'Refund: "Intro to Design"',
        `Sam Student (${student.email}) was refunded $20.00 USD. Order ${order.id}. Your school refunded it. They keep access to the course.`,
        '/admin?section=users',
      ],
      [
        'Refund: "Intro to Design"',
        `Sam Student (${student.email}) was refunded $29.99 USD. Order ${order.id}. Your school refunded it. Their access to the course was removed.`,
        '/admin?section=users',
      ],
    ]);
    // E-mailed as a sale is (the publisher keeps notification e-mails on).
    expect(await mailTo(publisher, 'Refund: "Intro to Design"')).toHaveLength(2);
    // The buyer gets a receipt for each refund, once.
    const receipts = (await refundNotices(student)).filter((n) => n.title === 'Refund for "Intro to Design"');
    expect(receipts.map((n) => n.body)).toEqual([
      `$20.00 USD returned by Test School, order ${order.id}. The school refunded this payment.`,
      `$29.99 USD returned by Test School, order ${order.id}. The school refunded this payment.`,
    ]);
    expect(await mailTo(student, 'Refund for "Intro to Design"')).toHaveLength(2);
    // The buyer is not told the school's notice; another school hears nothing.
    expect((await refundNotices(student)).map((n) => n.title)).not.toContain('Refund: "Intro to Design"');
    const other = await createPublisher(ctx);
    expect(await refundNotices(other)).toHaveLength(0);
  });

  test('the guarantee taken up by the buyer', async () => {
    const { publisher, student, order } = await sold();
    const asked = await post(student.token, '/api/orders/RequestRefund', {
      order_Id: order.id,
      reason: 'Not for me',
    });
    expect(asked.json().outcome).toBe('refunded');
    expect((await refundNotices(publisher)).map((n) => n.body)).toEqual([
      `Sam Student (${student.email}) was refunded $49.99 USD. Order ${order.id}. The buyer took up your money-back guarantee. Their access to the course was removed.`,
    ]);
  });
});

describe('a refund request and its answer', () => {
  test('a request put to the school tells it once (notice and e-mail); approved, the buyer is told once and the school of the refund', async () => {
    const { publisher, student, order } = await sold();
    await outsideWindow(order.id);
    const asked = await post(student.token, '/api/orders/RequestRefund', {
      order_Id: order.id,
      reason: 'I could not attend',
    });
    expect(asked.json().outcome).toBe('requested');
    const requestId: number = asked.json().request.request_Id;
    // Asked again: the same request, no second notice.
    await post(student.token, '/api/orders/RequestRefund', { order_Id: order.id, reason: 'Again' });
    const [notice, ...more] = await refundNotices(publisher);
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({
      title: 'Refund request: "Intro to Design"',
      link: '/admin?section=users',
      dedupeKey: `refund_request:${requestId}`,
    });
    expect(notice?.body).toMatch(
      new RegExp(
        `^Sam Student \\(${student.email.replace(/\./g, '\\.')}\\) asks for a refund of \\$49\\.99 USD, order ${order.id}: “I could not attend”\\. The 30-day money-back guarantee ended on \\d{4}-\\d{2}-\\d{2}\\. Approve or decline it on the Sales screen\\.$`,
      ),
    );
    const [mail, ...moreMail] = await mailTo(publisher, 'Refund request: "Intro to Design"');
    expect(moreMail).toHaveLength(0);
    expect(mail?.text).toContain('Their reason: I could not attend');
    expect(mail?.text).toContain('Amount: $49.99 USD');
    expect(mail?.text).toContain('Approve or decline it: ');
    // The buyer hears nothing yet.
    expect(await refundNotices(student)).toHaveLength(0);

    const approved = await post(publisher.token, '/api/orders/AnswerRefundRequest', {
      request_Id: requestId,
      approve: true,
      message: 'Granted',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Answered again: a 409, nobody told twice.
    await post(publisher.token, '/api/orders/AnswerRefundRequest', { request_Id: requestId, approve: true });
    const buyerTold = await refundNotices(student);
    const answer = buyerTold.filter((n) => n.dedupeKey === `refund_answer:${requestId}`);
    expect(answer).toEqual([
      expect.objectContaining({
        title: 'Refund request approved: "Intro to Design"',
        body: `Test School approved your refund request, order ${order.id}: $49.99 USD is refunded to you and the course is no longer yours. Their message: “Granted”`,
        link: '/students/myCourses',
      }),
    ]);
    // And the refund receipt.
    expect(buyerTold.some((n) => n.title === 'Refund for "Intro to Design"')).toBe(true);
    expect(await mailTo(student, 'Refund request approved: "Intro to Design"')).toHaveLength(1);
    expect((await refundNotices(publisher)).map((n) => n.body)).toContain(
      `Sam Student (${student.email}) was refunded $49.99 USD. Order ${order.id}. You approved the buyer’s refund request. Their access to the course was removed.`,
    );
  });

  test('declined: the buyer reads the school’s message, once; asked again, the school hears of the new request', async () => {
    const { publisher, student, order } = await sold();
    await outsideWindow(order.id);
    const asked = await post(student.token, '/api/orders/RequestRefund', {
      order_Id: order.id,
      reason: 'Too hard',
    });
    const requestId: number = asked.json().request.request_Id;
    // The buyer turned notification e-mails off: an answer about their money is e-mailed all the same.
    await db().update(users).set({ emailNotifications: false }).where(eq(users.id, student.userId));
    const declined = await post(publisher.token, '/api/orders/AnswerRefundRequest', {
      request_Id: requestId,
      approve: false,
      message: 'You finished the course.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(
      (
        await post(publisher.token, '/api/orders/AnswerRefundRequest', {
          request_Id: requestId,
          approve: false,
        })
      ).statusCode,
    ).toBe(409);
    expect((await refundNotices(student)).map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'Refund request declined: "Intro to Design"',
        `Test School declined your refund request, order ${order.id}. You keep the course. Their message: “You finished the course.”`,
        '/students/myCourses',
      ],
    ]);
    const [mail, ...moreMail] = await mailTo(student, 'Refund request declined: "Intro to Design"');
    expect(moreMail).toHaveLength(0);
    expect(mail?.text).toContain('Their message: “You finished the course.”');

    const again = await post(student.token, '/api/orders/RequestRefund', {
      order_Id: order.id,
      reason: 'Please reconsider',
    });
    expect(again.json().request.request_Id).not.toBe(requestId);
    expect((await refundNotices(publisher)).map((n) => n.title)).toEqual([
      'Refund request: "Intro to Design"',
      'Refund request: "Intro to Design"',
    ]);
  });
});
