import type { OrderResponse } from '@skillwise/contracts';
import { paths } from '@/lib/paths';

/** The query the approval page reads: where to go back to, and what it shows as the amount. */
export const SANDBOX_PARAMS = { returnTo: 'return', amount: 'amount', currency: 'currency' } as const;
/** The query a checkout reads on the way back: the order the buyer approved (or declined). */
export const ORDER_ID_PARAM = 'orderId';

const BASE = 'http://app.invalid';

/**
 * Only a path of this app may be a return target: an absolute URL or a protocol-relative `//host`
 * would turn the approval page into an open redirect.
 */
export const safeReturnPath = (raw: string | null | undefined): string => {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return paths.home;
  const url = new URL(raw, BASE);
  if (url.origin !== BASE || url.pathname.startsWith('/api/')) return paths.home;
  return `${url.pathname}${url.search}`;
};

/**
 * Where the buyer approves a sandbox order: the order's approveUrl (our own /sandbox/checkout/{id}),
 * told where to come back to and, for display only, the amount the server will charge.
 */
export const sandboxApprovePath = (order: OrderResponse, returnPath: string): string => {
  const url = new URL(order.approveUrl ?? `${paths.sandboxCheckout}/${encodeURIComponent(order.id)}`, BASE);
  url.searchParams.set(SANDBOX_PARAMS.returnTo, safeReturnPath(returnPath));
  url.searchParams.set(SANDBOX_PARAMS.amount, String(order.amount));
  url.searchParams.set(SANDBOX_PARAMS.currency, order.currency);
  return url.origin === BASE ? `${url.pathname}${url.search}` : url.href;
};

/** The checkout again, carrying the order id when the buyer went through with it (not on Cancel). */
export const checkoutReturnPath = (returnPath: string, orderId?: string): string => {
  const url = new URL(safeReturnPath(returnPath), BASE);
  if (orderId) url.searchParams.set(ORDER_ID_PARAM, orderId);
  return `${url.pathname}${url.search}`;
};

/** The amount shown on the approval page, when the checkout passed a usable one. */
export const readSandboxAmount = (params: URLSearchParams): { amount: number; currency: string } | null => {
  const raw = params.get(SANDBOX_PARAMS.amount);
  const amount = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(amount) || amount < 0) return null;
  return { amount, currency: params.get(SANDBOX_PARAMS.currency) || 'USD' };
};
