import { COUPON_MSG } from '@skillwise/contracts';
import { readerText } from '@/lib/api-client';
import { type MessageId, t } from '@/lib/i18n/i18n';

/** Why a code is not taken, by the server's English text (COUPON_MSG), as the reader's language says it. */
const REFUSALS: Record<keyof typeof COUPON_MSG, MessageId> = {
  unknown: 'learning.payments.couponMsg.unknown',
  paused: 'learning.payments.couponMsg.paused',
  notYet: 'learning.payments.couponMsg.notYet',
  expired: 'learning.payments.couponMsg.expired',
  usedUp: 'learning.payments.couponMsg.usedUp',
  usedByYou: 'learning.payments.couponMsg.usedByYou',
  notForCourse: 'learning.payments.couponMsg.notForCourse',
};

let byText: Map<string, MessageId> | undefined;

/**
 * A text the server sent about a payment, in the reader's language when it is a coupon's refusal or one
 * of the specification's messages; any other text as it came.
 */
export const paymentText = (text: string): string => {
  byText ??= new Map(
    (Object.keys(REFUSALS) as Array<keyof typeof COUPON_MSG>).map((key) => [COUPON_MSG[key], REFUSALS[key]]),
  );
  const id = byText.get(text);
  return id ? t(id) : readerText(text);
};

/** A refusal of a code, by its name in COUPON_MSG, in the reader's language. */
export const couponRefusal = (key: keyof typeof COUPON_MSG): string => t(REFUSALS[key]);
