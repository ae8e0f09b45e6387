import type { OrderResponse } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { checkoutReturnPath, readSandboxAmount, safeReturnPath, sandboxApprovePath } from './sandbox-urls';

const order: OrderResponse = {
  id: 'SBX-AB12',
  status: 'CREATED',
  amount: 19.99,
  currency: 'USD',
  provider: 'sandbox',
  approveUrl: '/sandbox/checkout/SBX-AB12',
};

describe('sandbox approval URLs', () => {
  it("goes to the order's approveUrl, told where to return and what amount to show", () => {
    const path = sandboxApprovePath(order, '/students/checkout');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/sandbox/checkout/SBX-AB12');
    expect(url.searchParams.get('return')).toBe('/students/checkout');
    expect(url.searchParams.get('amount')).toBe('19.99');
    expect(url.searchParams.get('currency')).toBe('USD');
  });

  it('builds the approval path from the id when the order has no approveUrl', () => {
    expect(sandboxApprovePath({ ...order, approveUrl: null }, '/admin/checkout')).toMatch(
      /^\/sandbox\/checkout\/SBX-AB12\?return=%2Fadmin%2Fcheckout&/,
    );
  });

  it('returns with the order id, or without it on Cancel', () => {
    expect(checkoutReturnPath('/admin/checkout', 'SBX-AB12')).toBe('/admin/checkout?orderId=SBX-AB12');
    expect(checkoutReturnPath('/admin/checkout')).toBe('/admin/checkout');
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null])(
    'refuses %j as a return target (no open redirect)',
    (raw) => {
      expect(safeReturnPath(raw)).toBe('/');
    },
  );

  it('accepts a path of this app', () => {
    expect(safeReturnPath('/students/checkout')).toBe('/students/checkout');
    expect(safeReturnPath('/admin/checkout?x=1')).toBe('/admin/checkout?x=1');
  });

  it('reads the amount to show, or nothing when it is missing or bad', () => {
    expect(readSandboxAmount(new URLSearchParams('amount=39&currency=USD'))).toEqual({
      amount: 39,
      currency: 'USD',
    });
    expect(readSandboxAmount(new URLSearchParams('amount=abc'))).toBeNull();
    expect(readSandboxAmount(new URLSearchParams(''))).toBeNull();
  });
});
