import { formatCents } from '@skillwise/contracts';
import { LINKS } from './notification-links';
import type { Message } from './notifications.repository';

/**
 * What the events about money say (SPEC §8's receipts, docs/decisions/025, 029): the buyer's receipts
 * and refund receipts, and the school's notices of sales, refunds, disputes, refund requests and its plan.
 * Wording only: notifications.service.ts finds the people and records them.
 */

/** A course's title and its school's name, as receipts and notices name them. */
type Course = { title: string; orgName: string };
/** A person as a school's notice names them. */
type Person = { fullName: string; email: string };
/** A message, and the text of the e-mail that carries it when that is not the message itself. */
export type Composed = { message: Message; text: string };

/** Money as receipts and notices show it: `$1,949.99 USD`. */
const moneyText = (cents: number, currency: string) => `${formatCents(cents, currency)} ${currency}`;

const dateText = (date: Date) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

const dayText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

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
const amountOf = (purchase: CoursePurchase) =>
  purchase.amountCents === 0 ? 'Free' : moneyText(purchase.amountCents, purchase.currency);

/** The buyer's receipt of a course (always e-mailed), once per order. */
export function courseReceipt(
  course: Course & { id: number },
  purchase: CoursePurchase,
  publicUrl: string,
): Composed {
  const amount = amountOf(purchase);
  const when = dateText(purchase.capturedAt);
  const { coupon } = purchase;
  const text = [
    'Thank you for your purchase. This is your receipt.',
    '',
    `Course: ${course.title}`,
    ...(coupon
      ? [
          `List price: ${moneyText(coupon.listCents, purchase.currency)}`,
          `Coupon ${coupon.code}: -${moneyText(coupon.discountCents, purchase.currency)}`,
        ]
      : []),
    `Amount: ${purchase.amountCents === 0 ? `Free (${moneyText(0, purchase.currency)})` : amount}`,
    `Order number: ${purchase.orderId}`,
    `Payment reference: ${purchase.reference}`,
    `Date: ${when}`,
    `Sold by: ${course.orgName}`,
    '',
    `Start studying: ${publicUrl}${LINKS.course(course.id)}`,
  ].join('\n');
  return {
    message: {
      title: `Receipt for "${course.title}"`,
      // What the buyer paid and to whom (the school that sells the course).
      body: `${purchase.amountCents === 0 ? `Free from ${course.orgName}` : `${amount} paid to ${course.orgName}`}, order ${purchase.orderId}, ${when}.`,
      link: LINKS.course(course.id),
      dedupeKey: `purchased:${purchase.orderId}`,
    },
    text,
  };
}

/** The school's notice of a sale (when money moved), once per order. */
export const saleMessage = (course: Course, buyer: Person, purchase: CoursePurchase): Message => ({
  title: `New sale: "${course.title}"`,
  body: `${buyer.fullName} (${buyer.email}) bought it for ${amountOf(purchase)}${purchase.coupon ? ` with coupon ${purchase.coupon.code}` : ''}. Order ${purchase.orderId}.`,
  link: LINKS.sales,
  dedupeKey: `sale:${purchase.orderId}`,
});

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
export function planReceipt(purchase: PlanPurchase, publicUrl: string): Composed {
  const amount = moneyText(purchase.amountCents, purchase.currency);
  const period = `${dateText(purchase.periodStart)} to ${dateText(purchase.periodEnd)}`;
  const text = [
    'Thank you for your purchase. This is your receipt.',
    '',
    `Plan: ${purchase.plan}, ${purchase.months === 12 ? '1 year' : `${purchase.months} month${purchase.months === 1 ? '' : 's'}`}`,
    `Period: ${period}`,
    `Amount: ${amount}`,
    `Order number: ${purchase.orderId}`,
    `Payment reference: ${purchase.reference}`,
    `Date: ${dateText(purchase.capturedAt)}`,
    '',
    `Your plan: ${publicUrl}${LINKS.subscription}`,
  ].join('\n');
  return {
    message: {
      title: `Receipt for the ${purchase.plan} plan`,
      body: `${amount}, order ${purchase.orderId}, ${period}.`,
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
export function refundReceipt(course: Course | undefined, refund: PurchaseRefund): Composed {
  const product = course ? `"${course.title}"` : `the ${refund.plan ?? 'plan'} plan`;
  const amount = moneyText(refund.amountCents, refund.currency);
  const text = [
    'Your payment was returned to you. This is your refund receipt.',
    '',
    course ? `Course: ${course.title}` : `Plan: ${refund.plan ?? ''}`,
    ...(course ? [`Sold by: ${course.orgName}`] : []),
    `Amount returned: ${amount}`,
    `Why: ${refund.reason}`,
    `Order number: ${refund.orderId}`,
    `Payment reference: ${refund.reference}`,
    ...(refund.refundReference ? [`Refund reference: ${refund.refundReference}`] : []),
    `Date: ${dateText(refund.refundedAt)}`,
    '',
    'The payment provider returns the money to the card or account it came from.',
  ].join('\n');
  return {
    message: {
      title: `Refund for ${product}`,
      body: `${amount} returned${course ? ` by ${course.orgName}` : ''}, order ${refund.orderId}. ${refund.reason}`,
      link: course ? '' : LINKS.subscription,
      dedupeKey: `refunded:${refund.orderId}:${refund.refundId}`,
    },
    text,
  };
}

/** Who or what gave back a school's course sale (docs/decisions/029). */
export type SaleRefundCause = 'school' | 'guarantee' | 'request' | 'provider';

const SALE_REFUND_CAUSES: Record<SaleRefundCause, string> = {
  school: 'Your school refunded it.',
  guarantee: 'The buyer took up your money-back guarantee.',
  request: 'You approved the buyer’s refund request.',
  provider: 'It was refunded in the payment provider’s dashboard.',
};

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
export function saleRefundedMessage(course: Course, buyer: Person, refund: SaleRefund): Message {
  const access = refund.removedAccess
    ? 'Their access to the course was removed.'
    : 'They keep access to the course.';
  return {
    title: `Refund: "${course.title}"`,
    body: `${buyer.fullName} (${buyer.email}) was refunded ${moneyText(refund.amountCents, refund.currency)}. Order ${refund.orderId}. ${SALE_REFUND_CAUSES[refund.cause]} ${access}`,
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
export function disputeMessage(course: Course, buyer: Person, dispute: SaleDispute): Message {
  const provider =
    dispute.provider === 'paypal' ? 'PayPal' : dispute.provider === 'stripe' ? 'Stripe' : dispute.provider;
  return {
    title: `Disputed payment: "${course.title}"`,
    body: `${buyer.fullName} (${buyer.email}) disputed their payment with ${provider}. Order ${dispute.orderId}. Their access to the course was removed. Answer the dispute in the ${provider} dashboard; if the buyer wins, the refund is recorded here.`,
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
  course: Course,
  buyer: Person,
  request: RefundRequestEvent,
  publicUrl: string,
): Composed {
  const amount = moneyText(request.amountCents, request.currency);
  const title = `Refund request: "${course.title}"`;
  const body = `${buyer.fullName} (${buyer.email}) asks for a refund of ${amount}, order ${request.orderId}: “${request.reason}”. ${request.outsideBecause} Approve or decline it on the Sales screen.`;
  const text = [
    title,
    '',
    `Buyer: ${buyer.fullName} (${buyer.email})`,
    `Course: ${course.title}`,
    `Amount: ${amount}`,
    `Order number: ${request.orderId}`,
    `Their reason: ${request.reason}`,
    `Outside your guarantee: ${request.outsideBecause}`,
    '',
    `Approve or decline it: ${publicUrl}${LINKS.sales}`,
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
export function refundAnswerMessage(course: Course, answer: RefundAnswerEvent, publicUrl: string): Composed {
  const amount = moneyText(answer.amountCents, answer.currency);
  const said = answer.message ? ` Their message: “${answer.message}”` : '';
  const title = answer.approved
    ? `Refund request approved: "${course.title}"`
    : `Refund request declined: "${course.title}"`;
  const body = answer.approved
    ? `${course.orgName} approved your refund request, order ${answer.orderId}: ${amount} is refunded to you and the course is no longer yours.${said}`
    : `${course.orgName} declined your refund request, order ${answer.orderId}. You keep the course.${said}`;
  const text = [title, '', body, '', `My Courses: ${publicUrl}${LINKS.myCourses}`].join('\n');
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
  school: string,
  event: { orgId: number; plan: string; periodEnd: Date } & PlanNotice,
  publicUrl: string,
): Composed {
  const card = (last4: string | null) => (last4 ? `the card ending ${last4}` : 'your saved card');
  let title: string;
  let body: string;
  if (event.kind === 'renewal_reminder') {
    title = `${school}: your ${event.plan} plan renews on ${dayText(event.renewsAt)}`;
    body = `It renews by itself: ${moneyText(event.amountCents, event.currency)} will be charged to ${card(event.cardLast4)}. To stop it, cancel it on Plan & billing before then.`;
  } else if (event.kind === 'expiry_reminder') {
    title = `${school}: your ${event.plan} plan ends on ${dayText(event.endsAt)}`;
    body = `It was cancelled, so it does not renew. Once it ends you cannot publish courses or add students (your students keep their courses). Resume it on Plan & billing to keep it.`;
  } else if (event.kind === 'renewal_failed') {
    title = `${school}: your ${event.plan} plan’s renewal payment failed`;
    body = `${moneyText(event.amountCents, event.currency)} could not be charged to ${card(event.cardLast4)}. The plan keeps working until ${dayText(event.graceEndsAt)} and the payment is tried again daily. Pay with another card on Plan & billing by ${dayText(event.graceEndsAt)} to keep it.`;
  } else {
    title = `${school}: your ${event.plan} plan has ended`;
    body = `It ended on ${dayText(event.endedAt)}. Your students keep the courses they have, but you cannot publish courses or add students until you choose a plan again.`;
  }
  const text = [title, '', body, '', `Plan & billing: ${publicUrl}${LINKS.billing}`].join('\n');
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
