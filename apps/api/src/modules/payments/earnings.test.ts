import { expect, test } from 'vitest';
import { netOf, platformFeeOf } from './earnings';

test('the platform fee is the percentage of the price, rounded half up to the cent', () => {
  expect(platformFeeOf(4999, 0)).toBe(0);
  expect(platformFeeOf(4999, 1000)).toBe(500); // 10% of 49.99 = 4.999
  expect(platformFeeOf(1000, 1025)).toBe(103); // 10.25% of 10.00 = 1.025: half up
  expect(platformFeeOf(1000, 1024)).toBe(102); // 1.024
  expect(platformFeeOf(50, 100)).toBe(1); // 1% of 0.50 = 0.005: half up
  expect(platformFeeOf(49, 100)).toBe(0); // 0.0049
  expect(platformFeeOf(4999, 10_000)).toBe(4999);
  expect(platformFeeOf(0, 750)).toBe(0);
  // The largest price a course takes, at every rate, stays exact.
  expect(platformFeeOf(10_000_000_000, 9_999)).toBe(9_999_000_000);
});

test('the net takes off the discount, both fees (the provider’s when known) and refunds', () => {
  const parts = { gross: 4999, discount: 500, platformFee: 450, providerFee: 223, refunded: 0 };
  expect(netOf(parts)).toBe(3826);
  expect(netOf({ ...parts, providerFee: null })).toBe(4049);
  expect(netOf({ ...parts, refunded: 4499 })).toBe(-673);
  expect(
    netOf({ gross: 4_000_000_001n, discount: 0n, platformFee: 1n, providerFee: null, refunded: 0n }),
  ).toBe(4_000_000_000n);
});
