import { COUPON_CODE_MAX, couponCodeSchema } from '@skillwise/contracts';
import { expect, test } from 'vitest';
import { parseCouponCode } from './use-linked-coupon';

test('a linked code is read by the same rules as the server’s schema, without it', () => {
  const inputs = [
    'spring25',
    ' SPRING-25 ',
    'a_b',
    '',
    '   ',
    'two words',
    'ünïcode',
    'x'.repeat(COUPON_CODE_MAX),
    'x'.repeat(COUPON_CODE_MAX + 1),
    null,
    undefined,
  ];
  for (const raw of inputs) {
    const parsed = couponCodeSchema.safeParse(raw ?? '');
    expect(parseCouponCode(raw), JSON.stringify(raw)).toBe(parsed.success ? parsed.data : null);
  }
});
