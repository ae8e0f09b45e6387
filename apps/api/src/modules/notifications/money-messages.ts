import type { Locale } from '@skillwise/contracts';
import { dayText as day, momentText, moneyText as money, t } from '../../lib/i18n';
import { LINKS } from './notification-links';
import type { Message } from './notifications.repository';

/**
 * What the events about money say (SPEC §8's receipts, docs/decisions/025, 029): the buyer's receipts
 * and refund receipts, and the school's notices of sales, refunds, disputes, refund requests and its plan.
 * Wording only, in the language asked for (docs/decisions/047): notifications.service.ts finds the people
 * and records the words in each one's language.
 */

/** A course's title and its school's name, as receipts and notices name them. */
type Course = { title: string; orgName: string };
/** A person as a school's notice names them. */
type Person = { fullName: string; email: string };
/** A message, and the text of the e-mail that carries it when that is not the message itself. */
export type Composed = { message: Message; text: string };

/** A captured course order, as the payments module knows it. */
export type CoursePurchase = {
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  /** The payment provider's reference (the sandbox's SBX-..., PayPal's order id, FREE-... for a free course). */
  reference: string;
  capturedAt: Date;
  /** The coupon the buyer used: its code, the list price and what it took off (`amountCents` is what was paid). */
  coupon?: { code: string; listCents: number; discountCents: number } | undefined;
};

/** What a course purchase cost, as its receipt and the school's notice say it. */
const amountOf = (l: Locale, purchase: CoursePurchase) =>
  purchase.amountCents === 0 ? t(l, 'money.free') : money(l, purchase.amountCents, purchase.currency);

/** The buyer's receipt of a course (always e-mailed), once per order. */
export function courseReceipt(
  l: Locale,
  course: Course & { id: number },
  purchase: CoursePurchase,
  publicUrl: string,
): Composed {
  const amount = amountOf(l, purchase);
  const when = momentText(l, purchase.capturedAt);
  const { coupon } = purchase;
  const text = [
    t(l, 'receipt.thanks'),
    '',
    t(l, 'receipt.course', { course: course.title }),
    ...(coupon
      ? [
          t(l, 'receipt.listPrice', { amount: money(l, coupon.listCents, purchase.currency) }),
          t(l, 'receipt.coupon', {
            code: coupon.code,
            amount: money(l, coupon.discountCents, purchase.currency),
          }),
        ]
      : []),
    t(l, 'receipt.amount', {
      amount:
        purchase.amountCents === 0
          ? t(l, 'money.freeOf', { amount: money(l, 0, purchase.currency) })
          : amount,
    }),
    t(l, 'receipt.order', { order: purchase.orderId }),
    t(l, 'receipt.reference', { reference: purchase.reference }),
    t(l, 'receipt.date', { date: when }),
    t(l, 'receipt.soldBy', { school: course.orgName }),
    '',
    t(l, 'receipt.startStudying', { url: `${publicUrl}${LINKS.course(course.id)}` }),
  ].join('\n');
  const paid = { amount, school: course.orgName, order: purchase.orderId, date: when };
  return {
    message: {
      title: t(l, 'receipt.title.course', { course: course.title }),
      // What the buyer paid and to whom (the school that sells the course).
      body: t(l, purchase.amountCents === 0 ? 'receipt.body.free' : 'receipt.body.paid', paid),
      link: LINKS.course(course.id),
      dedupeKey: `purchased:${purchase.orderId}`,
    },
    text,
  };
}

/** The school's notice of a sale (when money moved), once per order. */
export const saleMessage = (l: Locale, course: Course, buyer: Person, purchase: CoursePurchase): Message => {
  const values = {
    name: buyer.fullName,
    email: buyer.email,
    amount: amountOf(l, purchase),
    order: purchase.orderId,
  };
  return {
    title: t(l, 'sale.title', { course: course.title }),
    body: purchase.coupon
      ? t(l, 'sale.bodyCoupon', { ...values, code: purchase.coupon.code })
      : t(l, 'sale.body', values),
    link: LINKS.sales,
    dedupeKey: `sale:${purchase.orderId}`,
  };
};

/** A paid plan period, recorded with its order's capture. */
export type PlanPurchase = {
  orderId: number;
  userId: number;
  plan: string;
  months: number;
  amountCents: number;
  currency: string;
  reference: string;
  capturedAt: Date;
  periodStart: Date;
  periodEnd: Date;
};

/** The receipt of the publisher who paid for a plan period (always e-mailed), once per order. */
export function planReceipt(l: Locale, purchase: PlanPurchase, publicUrl: string): Composed {
  const amount = money(l, purchase.amountCents, purchase.currency);
  const period = t(l, 'receipt.periodSpan', {
    start: momentText(l, purchase.periodStart),
    end: momentText(l, purchase.periodEnd),
  });
  const text = [
    t(l, 'receipt.thanks'),
    '',
    t(l, 'receipt.planFor', { plan: purchase.plan, months: purchase.months }),
    t(l, 'receipt.period', { period }),
    t(l, 'receipt.amount', { amount }),
    t(l, 'receipt.order', { order: purchase.orderId }),
    t(l, 'receipt.reference', { reference: purchase.reference }),
    t(l, 'receipt.date', { date: momentText(l, purchase.capturedAt) }),
    '',
    t(l, 'receipt.yourPlan', { url: `${publicUrl}${LINKS.subscription}` }),
  ].join('\n');
  return {
    message: {
      title: t(l, 'receipt.title.plan', { plan: purchase.plan }),
      body: t(l, 'receipt.body.plan', { amount, order: purchase.orderId, period }),
      link: LINKS.subscription,
      dedupeKey: `purchased:${purchase.orderId}`,
    },
    text,
  };
}

/** A payment given back because it could not be used, as the payments module knows it. */
export type PurchaseRefund = {
  orderId: number;
  /** The refund (order_refunds.id): a sale refunded in parts gets a receipt for each. */
  refundId: number;
  userId: number;
  /** What was bought: a course (its title is read here) or a plan (named). */
  courseId: number | null;
  plan: string | null;
  amountCents: number;
  currency: string;
  /** The provider's reference of the payment, and of the refund when it gave one. */
  reference: string;
  refundReference: string | null;
  /** Why the payment could not be used, as the buyer reads it. */
  reason: string;
  refundedAt: Date;
};

/** The buyer's refund receipt (always e-mailed), of a course (`course`) or of a plan. */
export function refundReceipt(l: Locale, course: Course | undefined, refund: PurchaseRefund): Composed {
  const amount = money(l, refund.amountCents, refund.currency);
  const text = [
    t(l, 'refund.returned'),
    '',
    course
      ? t(l, 'receipt.course', { course: course.title })
      : t(l, 'receipt.plan', { plan: refund.plan ?? '' }),
    ...(course ? [t(l, 'receipt.soldBy', { school: course.orgName })] : []),
    t(l, 'refund.amountReturned', { amount }),
    t(l, 'refund.why', { reason: refund.reason }),
    t(l, 'receipt.order', { order: refund.orderId }),
    t(l, 'receipt.reference', { reference: refund.reference }),
    ...(refund.refundReference
      ? [t(l, 'refund.refundReference', { reference: refund.refundReference })]
      : []),
    t(l, 'receipt.date', { date: momentText(l, refund.refundedAt) }),
    '',
    t(l, 'refund.provider'),
  ].join('\n');
  const values = { amount, order: refund.orderId, reason: refund.reason };
  return {
    message: {
      title: course
        ? t(l, 'refund.title.course', { course: course.title })
        : t(l, 'refund.title.plan', { plan: refund.plan ?? 'plan' }),
      body: course
        ? t(l, 'refund.body.course', { ...values, school: course.orgName })
        : t(l, 'refund.body.plan', values),
      link: course ? '' : LINKS.subscription,
      dedupeKey: `refunded:${refund.orderId}:${refund.refundId}`,
    },
    text,
  };
}

/** Who or what gave back a school's course sale (docs/decisions/029). */
export type SaleRefundCause = 'school' | 'guarantee' | 'request' | 'provider';

const SALE_REFUND_CAUSES = {
  school: 'saleRefund.cause.school',
  guarantee: 'saleRefund.cause.guarantee',
  request: 'saleRefund.cause.request',
  provider: 'saleRefund.cause.provider',
} as const satisfies Record<SaleRefundCause, string>;

/** A refund of a school's course sale once the provider took it, as the payments module knows it. */
export type SaleRefund = {
  refundId: number;
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  cause: SaleRefundCause;
  /** Whether the refund took the course away from the buyer. */
  removedAccess: boolean;
};

/** The school's notice of one of its sales given back, once per refund. */
export function saleRefundedMessage(l: Locale, course: Course, buyer: Person, refund: SaleRefund): Message {
  return {
    title: t(l, 'saleRefund.title', { course: course.title }),
    body: t(l, 'saleRefund.body', {
      name: buyer.fullName,
      email: buyer.email,
      amount: money(l, refund.amountCents, refund.currency),
      order: refund.orderId,
      cause: t(l, SALE_REFUND_CAUSES[refund.cause]),
      access: t(l, refund.removedAccess ? 'saleRefund.removed' : 'saleRefund.kept'),
    }),
    link: LINKS.sales,
    dedupeKey: `sale_refunded:${refund.refundId}`,
  };
}

/** A payment for one of a school's courses disputed at its provider. */
export type SaleDispute = {
  eventId: string;
  provider: string;
  orderId: number;
  userId: number;
  courseId: number;
};

/** The school's notice of a disputed payment, once per dispute event. */
export function disputeMessage(l: Locale, course: Course, buyer: Person, dispute: SaleDispute): Message {
  const provider =
    dispute.provider === 'paypal' ? 'PayPal' : dispute.provider === 'stripe' ? 'Stripe' : dispute.provider;
  return {
    title: t(l, 'dispute.title', { course: course.title }),
    body: t(l, 'dispute.body', {
      name: buyer.fullName,
      email: buyer.email,
      provider,
      order: dispute.orderId,
    }),
    link: LINKS.sales,
    dedupeKey: `sale_disputed:${dispute.provider}:${dispute.eventId}`,
  };
}

/** A buyer's refund request put to the school (outside its guarantee). */
export type RefundRequestEvent = {
  requestId: number;
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  reason: string;
  outsideBecause: string;
};

/** The school's notice of a refund request, e-mailed (it waits for their answer), once per request. */
export function refundRequestMessage(
  l: Locale,
  course: Course,
  buyer: Person,
  request: RefundRequestEvent,
  publicUrl: string,
): Composed {
  const amount = money(l, request.amountCents, request.currency);
  const title = t(l, 'refundRequest.title', { course: course.title });
  const body = t(l, 'refundRequest.body', {
    name: buyer.fullName,
    email: buyer.email,
    amount,
    order: request.orderId,
    reason: request.reason,
    outside: request.outsideBecause,
  });
  const text = [
    title,
    '',
    t(l, 'refundRequest.buyer', { name: buyer.fullName, email: buyer.email }),
    t(l, 'receipt.course', { course: course.title }),
    t(l, 'receipt.amount', { amount }),
    t(l, 'receipt.order', { order: request.orderId }),
    t(l, 'refundRequest.reason', { reason: request.reason }),
    t(l, 'refundRequest.outside', { outside: request.outsideBecause }),
    '',
    t(l, 'refundRequest.answer', { url: `${publicUrl}${LINKS.sales}` }),
  ].join('\n');
  return {
    message: { title, body, link: LINKS.sales, dedupeKey: `refund_request:${request.requestId}` },
    text,
  };
}

/** The school's answer to a refund request. */
export type RefundAnswerEvent = {
  requestId: number;
  orderId: number;
  userId: number;
  courseId: number;
  approved: boolean;
  /** The school's message to the buyer (declined, or approved with a word), if any. */
  message: string | null;
  /** What the approval gave back. */
  amountCents: number;
  currency: string;
};

/** The buyer's notice of the school's answer to its refund request, e-mailed, once per request. */
export function refundAnswerMessage(
  l: Locale,
  course: Course,
  answer: RefundAnswerEvent,
  publicUrl: string,
): Composed {
  const amount = money(l, answer.amountCents, answer.currency);
  const said = answer.message ? ` ${t(l, 'refundAnswer.said', { message: answer.message })}` : '';
  const title = t(l, answer.approved ? 'refundAnswer.title.approved' : 'refundAnswer.title.declined', {
    course: course.title,
  });
  const values = { school: course.orgName, order: answer.orderId, amount };
  const body = `${t(l, answer.approved ? 'refundAnswer.body.approved' : 'refundAnswer.body.declined', values)}${said}`;
  const text = [
    title,
    '',
    body,
    '',
    t(l, 'refundAnswer.myCourses', { url: `${publicUrl}${LINKS.myCourses}` }),
  ].join('\n');
  return {
    message: { title, body, link: LINKS.myCourses, dedupeKey: `refund_answer:${answer.requestId}` },
    text,
  };
}

/** What the renewal engine tells a school's publishers about its plan (docs/decisions/025). */
export type PlanNotice =
  | {
      kind: 'renewal_reminder';
      renewsAt: Date;
      amountCents: number;
      currency: string;
      cardLast4: string | null;
    }
  | { kind: 'expiry_reminder'; endsAt: Date }
  | {
      kind: 'renewal_failed';
      amountCents: number;
      currency: string;
      cardLast4: string | null;
      graceEndsAt: Date;
    }
  | { kind: 'lapsed'; endedAt: Date };

/** A notice of a school's plan, once per plan and period (the dedupe key names the period's end). */
export function planNoticeMessage(
  l: Locale,
  school: string,
  event: { orgId: number; plan: string; periodEnd: Date } & PlanNotice,
  publicUrl: string,
): Composed {
  const card = (last4: string | null) => (last4 ? t(l, 'plan.card', { last4 }) : t(l, 'plan.savedCard'));
  const named = { school, plan: event.plan };
  let title: string;
  let body: string;
  if (event.kind === 'renewal_reminder') {
    title = t(l, 'plan.renewal.title', { ...named, date: day(l, event.renewsAt) });
    body = t(l, 'plan.renewal.body', {
      amount: money(l, event.amountCents, event.currency),
      card: card(event.cardLast4),
    });
  } else if (event.kind === 'expiry_reminder') {
    title = t(l, 'plan.expiry.title', { ...named, date: day(l, event.endsAt) });
    body = t(l, 'plan.expiry.body');
  } else if (event.kind === 'renewal_failed') {
    title = t(l, 'plan.failed.title', named);
    body = t(l, 'plan.failed.body', {
      amount: money(l, event.amountCents, event.currency),
      card: card(event.cardLast4),
      date: day(l, event.graceEndsAt),
    });
  } else {
    title = t(l, 'plan.lapsed.title', named);
    body = t(l, 'plan.lapsed.body', { date: day(l, event.endedAt) });
  }
  const text = [title, '', body, '', t(l, 'plan.billing', { url: `${publicUrl}${LINKS.billing}` })].join(
    '\n',
  );
  return {
    message: {
      title,
      body,
      link: LINKS.billing,
      dedupeKey: `plan:${event.kind}:${event.orgId}:${event.periodEnd.getTime()}`,
    },
    text,
  };
}
