// No validation library here: the web app's first script reads a link's code (apps/web/vite.config.ts checks).

/** The query parameter of a link that carries a code to the checkout: /courseDetail?id=7&coupon=SPRING25 */
export const COUPON_PARAM = 'coupon';
export const COUPON_CODE_MAX = 40;
/** A code as typed: letters, digits, - and _; compared without case (kept in capitals). couponCodeSchema checks the same. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A code as a link or a buyer gives it, trimmed and in capitals, or null when it cannot be a code: the
 * same rules as couponCodeSchema, without the validation library, for the first script of every page
 * (a link's ?coupon= is read there).
 */
export const readCouponCode = (raw: string | null | undefined): string | null => {
  const code = (raw ?? '').trim();
  return code.length > 0 && code.length <= COUPON_CODE_MAX && COUPON_CODE_PATTERN.test(code)
    ? code.toUpperCase()
    : null;
};
