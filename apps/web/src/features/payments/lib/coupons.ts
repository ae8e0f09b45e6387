import { COUPON_PARAM, type Coupon, type CouponInput, type CouponState } from '@skillwise/contracts';
import type { ChipTone } from '@/components/ui/chip';
import { formatCount, formatDay, formatPrice } from '@/lib/format';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { COURSE_ID_PARAM, paths } from '@/lib/paths';

/** What a coupon takes off, as the list says it: "25% off", "$10.00 off". */
export const discountText = (coupon: Pick<Coupon, 'kind' | 'value'>): string =>
  coupon.kind === 'percent'
    ? t('admin.payments.coupons.percentOff', { value: formatCount(coupon.value) })
    : t('admin.payments.coupons.amountOff', { amount: formatPrice(coupon.value) });

/** Uses taken out of the limit: "3 / 10", or "3" without a limit. */
export const usesText = (coupon: Pick<Coupon, 'uses' | 'max_uses'>): string =>
  coupon.max_uses === null
    ? formatCount(coupon.uses)
    : `${formatCount(coupon.uses)} / ${formatCount(coupon.max_uses)}`;

/** The days a coupon is valid (UTC, both included): "Mar 1, 2026 – Mar 31, 2026", "From …", "Until …", "Always". */
export const datesText = (coupon: Pick<Coupon, 'starts_on' | 'ends_on'>): string => {
  const { starts_on: starts, ends_on: ends } = coupon;
  if (starts && ends)
    return t('admin.payments.coupons.between', { from: formatDay(starts), to: formatDay(ends) });
  if (starts) return t('admin.payments.coupons.from', { day: formatDay(starts) });
  if (ends) return t('admin.payments.coupons.until', { day: formatDay(ends) });
  return t('admin.payments.coupons.always');
};

/** Where a coupon stands today, as its chip says it. */
export const COUPON_STATE_CHIPS: Record<CouponState, { label: MessageId; tone: ChipTone }> = {
  active: { label: 'admin.payments.coupons.state.active', tone: 'green' },
  paused: { label: 'admin.payments.coupons.state.paused', tone: 'muted' },
  scheduled: { label: 'admin.payments.coupons.state.scheduled', tone: 'brand' },
  expired: { label: 'admin.payments.coupons.state.expired', tone: 'muted' },
  used_up: { label: 'admin.payments.coupons.state.usedUp', tone: 'amber' },
};

/**
 * The address that carries a coupon to the checkout: the course's own page for a coupon of one course,
 * else the catalogue (the code is kept whichever course the buyer then opens).
 */
export const couponLink = (coupon: Pick<Coupon, 'code' | 'course_ids'>, origin: string): string => {
  const [only] = coupon.course_ids ?? [];
  if (coupon.course_ids?.length === 1 && only !== undefined) {
    const query = new URLSearchParams({ [COURSE_ID_PARAM]: String(only), [COUPON_PARAM]: coupon.code });
    return `${origin}${paths.courseDetail}?${query.toString()}`;
  }
  return `${origin}${paths.courses}?${new URLSearchParams({ [COUPON_PARAM]: coupon.code }).toString()}`;
};

/** The input a coupon was made from: what Edit starts with and Pause or Resume sends back changed. */
export const couponInputOf = (coupon: Coupon): CouponInput => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.value,
  course_ids: coupon.course_ids,
  starts_on: coupon.starts_on,
  ends_on: coupon.ends_on,
  max_uses: coupon.max_uses,
  max_uses_per_student: coupon.max_uses_per_student,
  active: coupon.active,
});
