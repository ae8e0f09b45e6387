import { COUPON_PARAM, readCouponCode } from '@skillwise/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '@/lib/storage';

/** A code as a link or a buyer gives it, in capitals, or null when it cannot be a code. */
export const parseCouponCode = readCouponCode;

/** The code this address carries (?coupon=), else the one kept from an earlier link, or null. */
export const useLinkedCoupon = (): string | null => {
  const [params] = useSearchParams();
  return parseCouponCode(params.get(COUPON_PARAM)) ?? parseCouponCode(storage.get('couponCode'));
};

/**
 * Keeps the code of an address carrying one (/courseDetail?id=7&coupon=SPRING25, /courses?coupon=…,
 * /students/checkout?coupon=…) until the checkout applies it: through Enroll Now and a login on the way.
 */
export const useKeepLinkedCoupon = (): void => {
  const [params] = useSearchParams();
  const code = parseCouponCode(params.get(COUPON_PARAM));
  useEffect(() => {
    if (code) storage.set('couponCode', code);
  }, [code]);
};
