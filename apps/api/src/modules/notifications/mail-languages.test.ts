import { formatCents, type Locale } from '@skillwise/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext, uniqueEmail } from '../../../test/helpers';
import { multipart } from '../../../test/uploads';
import { rowsOf } from '../../db/client';
import {
  broadcasts,
  lessons,
  notifications,
  organisations,
  outgoingMail,
  sections,
  users,
} from '../../db/schema';
import { dayText, intlLocale, pluralCategorySql } from '../../lib/i18n';
import { type MailMessage, renderMailHtml } from '../../lib/mail';
import { MailWorker } from '../../lib/mail-queue';
import { queueBroadcastMail } from '../broadcasts/broadcasts.repository';
import { NotificationService } from './notifications.service';

/**
 * Every e-mail and notification the server writes is in its reader's language (docs/decisions/047): the
 * person's own, else the school's that writes to them, else English. English stays as the specification
 * words it (the other suites read it).
 */
let ctx: TestContext;
let service: NotificationService;
beforeAll(async () => {
  ctx = await createTestContext();
  service = new NotificationService({
    db: ctx.database.db,
    unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    publicUrl: ctx.config.publicUrl,
  });
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

const speaks = (user: TestUser, language: Locale | null) =>
  db().update(users).set({ language }).where(eq(users.id, user.userId));
const schoolSpeaks = (orgId: number, language: Locale) =>
  db().update(organisations).set({ language }).where(eq(organisations.id, orgId));

const lastMailTo = async (email: string) => {
  const [mail] = await db()
    .select()
    .from(outgoingMail)
    .where(eq(outgoingMail.to, email))
    .orderBy(desc(outgoingMail.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};
const lastNotificationOf = async (userId: number) => {
  const [row] = await db()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  if (!row) throw new Error(`no notification for ${userId}`);
  return row;
};

/** A publisher of a school speaking `language`, a course of it, and a section. */
async function school(language: Locale, title = 'Knots at Sea') {
  const publisher = await createPublisher(ctx);
  const orgId = publisher.orgId ?? 0;
  await schoolSpeaks(orgId, language);
  const course = await createCourse(ctx, orgId, { title });
  const [section] = await db()
    .insert(sections)
    .values({ courseId: course.id, name: 'Basics', published: true, orderNumber: 1 })
    .returning();
  if (!section) throw new Error('no section');
  return { publisher, orgId, course, section };
}

async function student(name: string, language: Locale | null = null) {
  const user = await createStudent(ctx, name);
  await speaks(user, language);
  return user;
}

describe('notifications and their e-mails', () => {
  test('enrolled: the school’s language when the student chose none, the student’s own over it', async () => {
    const { course } = await school('es');
    const plain = await student('Ana Ruiz');
    const arabic = await student('ليلى', 'ar');
    await service.enrolled({ userId: plain.userId, courseId: course.id });
    await service.enrolled({ userId: arabic.userId, courseId: course.id });

    expect(await lastNotificationOf(plain.userId)).toMatchObject({
      title: 'Te inscribieron en «Knots at Sea»',
      body: 'Test School te inscribió en este curso. Está en Mis cursos.',
    });
    const spanish = await lastMailTo(plain.email);
    expect(spanish.language).toBe('es');
    expect(spanish.subject).toBe('Te inscribieron en «Knots at Sea»');
    expect(spanish.text).toMatch(/^Hola, Ana Ruiz:\n\nTe inscribieron en «Knots at Sea»/);
    expect(spanish.text).toContain('\n\nTest School en Skillwise\n\n-- \nRecibes estos correos porque');

    expect((await lastNotificationOf(arabic.userId)).title).toBe('سُجّلت في «Knots at Sea»');
    const inArabic = await lastMailTo(arabic.email);
    expect(inArabic.language).toBe('ar');
    expect(inArabic.text).toMatch(/^مرحبًا ليلى،\n\n/);
    expect(inArabic.text).toContain('Test School على Skillwise');
  });

  test('receipts: the buyer’s in their language with its money and dates; the sale in the school’s', async () => {
    const { publisher, course } = await school('en', 'Rope Work');
    const buyer = await student('José Núñez', 'es');
    const capturedAt = new Date('2026-03-12T15:04:00Z');
    await service.coursePurchased({
      orderId: 91_001,
      userId: buyer.userId,
      courseId: course.id,
      amountCents: 194_999,
      currency: 'USD',
      reference: 'SBX-1',
      capturedAt,
    });
    const receipt = await lastMailTo(buyer.email);
    const amount = `${formatCents(194_999, 'USD', 'es')} USD`;
    expect(receipt.subject).toBe('Recibo de «Rope Work»');
    expect(receipt.text).toContain('Gracias por tu compra. Este es tu recibo.');
    expect(receipt.text).toContain(`Importe: ${amount}`);
    expect(amount).toContain('1949,99');
    expect(receipt.text).toContain('Número de pedido: 91001');
    expect(receipt.text).toContain(
      `Fecha: ${new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(capturedAt)} UTC`,
    );
    // The school's own people read English, the school's language.
    expect((await lastNotificationOf(publisher.userId)).title).toBe('New sale: "Rope Work"');
  });

  test('a plan receipt is the payer’s language; a plan notice falls back on the school’s', async () => {
    const { publisher, orgId } = await school('es');
    await speaks(publisher, 'ar');
    await service.planPurchased({
      orderId: 91_002,
      userId: publisher.userId,
      plan: 'Growth',
      months: 2,
      amountCents: 4900,
      currency: 'USD',
      reference: 'SBX-2',
      capturedAt: new Date('2026-03-12T00:00:00Z'),
      periodStart: new Date('2026-03-12T00:00:00Z'),
      periodEnd: new Date('2026-05-12T00:00:00Z'),
    });
    const receipt = await lastMailTo(publisher.email);
    expect(receipt.subject).toBe('إيصال خطة Growth');
    expect(receipt.text).toContain('الخطة: Growth، شهران');

    await speaks(publisher, null);
    const endsAt = new Date('2026-06-01T00:00:00Z');
    await service.planNotice({ orgId, plan: 'Growth', periodEnd: endsAt, kind: 'expiry_reminder', endsAt });
    const notice = await lastMailTo(publisher.email);
    expect(notice.language).toBe('es');
    expect(notice.subject).toBe(`Test School: tu plan Growth termina el ${dayText('es', endsAt)}`);
    expect(notice.text).toContain('Plan y facturación: ');
  });

  test('refunds, disputes and answers: each reader’s language', async () => {
    const { publisher, course } = await school('es', 'Sails');
    const buyer = await student('Omar', 'ar');
    await service.refunds.purchaseRefunded({
      orderId: 91_003,
      refundId: 1,
      userId: buyer.userId,
      courseId: course.id,
      plan: null,
      amountCents: 1000,
      currency: 'USD',
      reference: 'SBX-3',
      refundReference: null,
      reason: 'Could not be used.',
      refundedAt: new Date('2026-03-12T00:00:00Z'),
    });
    const refund = await lastMailTo(buyer.email);
    expect(refund.subject).toBe('استرداد «Sails»');
    expect(refund.text).toContain('أُعيدت إليك دفعتك. هذا إيصال الاسترداد.');
    expect(refund.text).toContain(`المبلغ المُعاد: ${formatCents(1000, 'USD', 'ar')} USD`);

    await service.refunds.saleDisputed({
      eventId: 'evt_1',
      provider: 'stripe',
      orderId: 91_003,
      userId: buyer.userId,
      courseId: course.id,
    });
    expect((await lastMailTo(publisher.email)).subject).toBe('Pago disputado: «Sails»');

    await service.refunds.refundAnswered({
      requestId: 7,
      orderId: 91_003,
      userId: buyer.userId,
      courseId: course.id,
      approved: false,
      message: null,
      amountCents: 1000,
      currency: 'USD',
    });
    expect((await lastMailTo(buyer.email)).subject).toBe('رُفض طلب الاسترداد: «Sails»');
  });

  test('lessons published: one statement, each student’s language, the plural their language needs', async () => {
    const { course, section, orgId } = await school('es', 'Knots');
    const english = await student('Eve', 'en');
    const spanish = await student('Eva');
    const arabic = await student('حواء', 'ar');
    for (const s of [english, spanish, arabic]) {
      await db().execute(
        sql`insert into enrolments (user_id, course_id, source) values (${s.userId}, ${course.id}, 'assigned')`,
      );
    }
    const made = await db()
      .insert(lessons)
      .values([
        { sectionId: section.id, title: 'Bowline', contentType: 'pdf', published: true, orderNumber: 1 },
        { sectionId: section.id, title: 'Hitch', contentType: 'pdf', published: true, orderNumber: 2 },
      ])
      .returning();
    await service.lessonsPublished({ lessonIds: made.map((l) => l.id) });
    expect((await lastMailTo(english.email)).subject).toBe('2 new lessons in your courses');
    expect((await lastMailTo(spanish.email)).subject).toBe('2 lecciones nuevas en tus cursos');
    expect((await lastMailTo(arabic.email)).subject).toBe('درسان جديدان في دوراتك');
    expect((await lastNotificationOf(arabic.userId)).title).toBe('درس جديد في «Knots»');
    expect((await lastNotificationOf(spanish.userId)).body).toBe('«Hitch» está lista para estudiar.');
    expect(orgId).toBeGreaterThan(0);
  });

  test('new student, certificate, quiz and webhook notices', async () => {
    const { publisher, orgId, course } = await school('es', 'Knots');
    const learner = await student('Zaid', 'ar');
    await service.studentJoined({ orgId, userId: learner.userId, courseTitle: 'Knots' });
    expect((await lastNotificationOf(publisher.userId)).title).toBe('Nuevo estudiante: Zaid');

    await service.certificateIssued({
      userId: learner.userId,
      number: 'SW-1',
      courseTitle: 'Knots',
      courseId: course.id,
    });
    expect((await lastNotificationOf(learner.userId)).title).toBe('شهادتك في «Knots»');

    await speaks(learner, null);
    await service.quizGraded({
      userId: learner.userId,
      attemptId: 5,
      courseId: course.id,
      lessonId: 1,
      lessonTitle: 'Quiz 1',
      score: 3,
      maxScore: 4,
      passed: true,
    });
    expect(await lastNotificationOf(learner.userId)).toMatchObject({
      title: 'Se calificó tu cuestionario «Quiz 1»',
      body: 'Test School calificó tus respuestas en «Knots»: 3 de 4 puntos (75 %). Aprobaste.',
    });

    await service.webhookDisabled({
      orgId,
      endpointId: 3,
      url: 'https://hooks.example.com',
      reason: 'Failed.',
    });
    expect((await lastMailTo(publisher.email)).subject).toBe(
      'Endpoint de webhook desactivado: https://hooks.example.com',
    );
  });

  test('the plural categories SQL picks are Intl.PluralRules’', async () => {
    for (const locale of ['en', 'es', 'ar'] as const) {
      const rules = new Intl.PluralRules(intlLocale(locale));
      const numbers = [...Array.from({ length: 230 }, (_, i) => i), 1000, 1_000_000, 2_000_000];
      const result = await db().execute(
        sql`select n, ${pluralCategorySql(locale, sql`n`)} as category from unnest(${`{${numbers.join(',')}}`}::int[]) n`,
      );
      for (const row of rowsOf<{ n: number; category: string }>(result)) {
        expect(row.category, `${locale} ${row.n}`).toBe(rules.select(Number(row.n)));
      }
    }
  });
});

describe('as the mail goes out', () => {
  test('the frame says lang and dir, and the unsubscribe line is in the message’s language', async () => {
    const { course } = await school('ar', 'Knots');
    const learner = await student('Huda');
    await service.enrolled({ userId: learner.userId, courseId: course.id });
    const sent: MailMessage[] = [];
    const worker = new MailWorker({
      db: db(),
      mailer: { kind: 'outbox', send: async (m) => void sent.push(m), close: () => undefined },
      log: ctx.app.log,
      publicUrl: ctx.config.publicUrl,
      unsubscribeKey: TEST_KEYS.unsubscribeLinks,
      batch: 500,
    });
    await worker.runOnce();
    const message = sent.find((m) => m.to === learner.email);
    expect(message?.language).toBe('ar');
    expect(message?.text).toContain('أوقف هذه الرسائل (دون تسجيل الدخول): ');
    const html = renderMailHtml(message as MailMessage);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('أُرسلت نيابةً عن Test School عبر Skillwise');
    expect(renderMailHtml({ subject: 'Hi', text: 'Hi', school: 'S' })).toContain(
      '<html lang="en" dir="ltr">',
    );
  });

  test('a school’s message: its words as written, the footer in each student’s language', async () => {
    const { orgId } = await school('es');
    const spanish = await student('Luz');
    const arabic = await student('نور', 'ar');
    const audience = sql`select * from (values (${spanish.userId}::int, ${spanish.email}::text, true),
      (${arabic.userId}::int, ${arabic.email}::text, true)) a(user_id, email, "on")`;
    const [broadcast] = await db()
      .insert(broadcasts)
      .values({ orgId, subject: 'Hello students', body: 'Our words.' })
      .returning();
    await queueBroadcastMail(db(), {
      broadcastId: broadcast?.id ?? 0,
      orgId,
      subject: 'Hello students',
      body: 'Our words.',
      footer: {
        en: '\n\n-- \nEN\n',
        es: '\n\n-- \nES\n',
        ar: '\n\n-- \nAR\n',
      },
      html: null,
      audience,
      perSecond: 1000,
    });
    expect((await lastMailTo(spanish.email)).text).toBe('Our words.\n\n-- \nES\n');
    const toArabic = await lastMailTo(arabic.email);
    expect(toArabic.text).toBe('Our words.\n\n-- \nAR\n');
    expect(toArabic.subject).toBe('Hello students');
    expect(toArabic.language).toBe('ar');
  });
});

describe('mail written by requests', () => {
  test('a password reset code in the person’s language', async () => {
    const person = await student('Marta', 'es');
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/resetPasswordRequest',
      body: { email: person.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = ctx.mailer.sent.findLast((m) => m.to === person.email);
    expect(mail?.subject).toBe('Tu código para restablecer la contraseña de Skillwise');
    expect(mail?.text).toMatch(/^Hola, Marta:\n\nTu código para elegir una contraseña nueva es: \d+/);
    expect(mail?.language).toBe('es');
  });

  test('a team invitation: the invited account’s language, else the school’s', async () => {
    const { publisher } = await school('es');
    const fresh = uniqueEmail('invited');
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/api/team/InviteMember',
      token: publisher.token,
      body: { email: fresh, role: 'admin' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const spanish = await lastMailTo(fresh);
    expect(spanish.subject).toMatch(/te invitó al equipo de Test School$/);
    expect(spanish.text).toContain('en Skillwise como administrador.');
    expect(spanish.text).toContain('caduca en 7 días');

    const arabic = await student('سلمى', 'ar');
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/team/InviteMember',
      token: publisher.token,
      body: { email: arabic.email, role: 'instructor' },
    });
    expect(again.statusCode, again.body).toBe(201);
    const inArabic = await lastMailTo(arabic.email);
    expect(inArabic.language).toBe('ar');
    expect(inArabic.text).toContain('مدرّسًا');
  });

  test('a school’s welcome to a student it adds is in the school’s language', async () => {
    const { publisher } = await school('ar');
    const email = uniqueEmail('added');
    const body = multipart({ name: 'Karim', email, password: '', consent: true, payment: 'free' });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/studentCourse/registerStudent',
      token: publisher.token,
      body: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = ctx.mailer.sent.findLast((m) => m.to === email);
    expect(mail?.subject).toBe('أضافتك Test School على Skillwise');
    expect(mail?.language).toBe('ar');
    expect(mail?.text).toMatch(/^مرحبًا Karim،/);
  });
});
