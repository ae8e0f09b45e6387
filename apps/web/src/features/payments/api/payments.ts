import {
  type CaptureResponse,
  type OrderResponse,
  PAGE_SIZE_MAX,
  type PaymentProviderName,
  type PaymentsConfig,
  type Payouts,
  type PlanCategory,
  PROVIDER_FEE_UNREPORTED_HEADER,
  type RefundOrderBody,
  type RefundOrderResponse,
  type RefundPolicy,
  type RefundRequest,
  type RequestRefundResponse,
  SALES_TOTAL_HEADERS,
  type SaleRow,
  type SalesInterval,
  type SalesSeries,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiPageWithSums, apiRequest, type PagedWithSums, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  sales: (paging: PageRequest) => [...paymentKeys.all, 'sales', paging] as const,
  series: (interval: SalesInterval) => [...paymentKeys.all, 'series', interval] as const,
  payouts: () => [...paymentKeys.all, 'payouts'] as const,
  refundPolicy: () => [...paymentKeys.all, 'refund-policy'] as const,
  refundRequests: (paging: PageRequest) => [...paymentKeys.all, 'refund-requests', paging] as const,
};

/** GET payments/config: which providers' buttons to show (the built-in sandbox when none is set up). */
export const getPaymentsConfig = (signal?: AbortSignal): Promise<PaymentsConfig> =>
  apiRequest('payments/config', { signal });

export const usePaymentsConfig = () =>
  useQuery({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    // The provider only changes when the server is reconfigured and restarted.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Optional: the configured provider to pay with (else the server's default) and where its hosted page returns to. */
type ProviderChoice = { provider?: PaymentProviderName | undefined; returnPath?: string | undefined };

export type CourseOrderInput = {
  /** The course's list price (the server compares it with its own). */
  price: number;
  email: string;
  userId: number;
  courseId: number;
  /** An applied coupon (docs/decisions/030): the order is made at the price it gives. */
  couponCode?: string | undefined;
} & ProviderChoice;

/** What every order is made with: the price shown, the buyer, and the provider and return address chosen. */
const orderBody = (input: { price: number; email: string; userId: number } & ProviderChoice) => ({
  price: input.price,
  email_address: input.email,
  user_id: input.userId,
  ...(input.provider ? { provider: input.provider } : {}),
  ...(input.returnPath ? { returnPath: input.returnPath } : {}),
});

/**
 * POST courses/CreateOrder: the server charges its own price (less a coupon's discount); a free course,
 * or one a coupon makes free, is enrolled at once.
 */
export const createCourseOrder = (input: CourseOrderInput): Promise<OrderResponse> =>
  apiRequest('courses/CreateOrder', {
    method: 'POST',
    auth: true,
    body: {
      ...orderBody(input),
      course_id: input.courseId,
      ...(input.couponCode ? { coupon_code: input.couponCode } : {}),
    },
  });

export type CourseCaptureInput = { orderId: string; courseId: number; price: number; userId: number };

/** POST courses/CaptureOrder: enrols the buyer once, however often it is called. */
export const captureCourseOrder = (input: CourseCaptureInput): Promise<CaptureResponse> =>
  apiRequest('courses/CaptureOrder', {
    method: 'POST',
    auth: true,
    body: {
      orderId: input.orderId,
      course_Id: input.courseId,
      price: input.price,
      user_id: input.userId,
    },
  });

export type PlanOrderInput = {
  price: number;
  email: string;
  userId: number;
  category: PlanCategory;
} & ProviderChoice;

/** POST organization/CreateOrder: a publisher buys a plan for its organisation. */
export const createPlanOrder = (input: PlanOrderInput): Promise<OrderResponse> =>
  apiRequest('organization/CreateOrder', {
    method: 'POST',
    auth: true,
    body: { ...orderBody(input), subscriptionCategoryType: input.category },
  });

export type PlanCaptureInput = { orderId: string; category: PlanCategory; price: number; email: string };

/** POST organization/CaptureOrder: starts (or extends) the subscription once. */
export const capturePlanOrder = (input: PlanCaptureInput): Promise<CaptureResponse> =>
  apiRequest('organization/CaptureOrder', {
    method: 'POST',
    auth: true,
    body: {
      orderId: input.orderId,
      subscriptionCategoryType: input.category,
      price: input.price,
      email: input.email,
    },
  });

/**
 * A course's order as the payment flow makes it: created, approved by the buyer, then captured (which
 * enrols them). The calls keep their own answers; the flow reads them. Both send the list price, which
 * the server takes for an order made with a coupon too (docs/decisions/030).
 */
export const useCourseOrder = (order: CourseOrderInput) => {
  const create = useMutation({ mutationFn: createCourseOrder });
  const capture = useMutation({ mutationFn: captureCourseOrder });
  return {
    createOrder: (choice: ProviderChoice = {}) => create.mutateAsync({ ...order, ...choice }),
    captureOrder: (orderId: string) =>
      capture.mutateAsync({ orderId, courseId: order.courseId, price: order.price, userId: order.userId }),
  };
};

/** A plan's order as the payment flow makes it: created, approved, then captured (which subscribes). */
export const usePlanOrder = (order: PlanOrderInput) => {
  const create = useMutation({ mutationFn: createPlanOrder });
  const capture = useMutation({ mutationFn: capturePlanOrder });
  return {
    createOrder: (choice: ProviderChoice = {}) => create.mutateAsync({ ...order, ...choice }),
    captureOrder: (orderId: string) =>
      capture.mutateAsync({ orderId, category: order.category, price: order.price, email: order.email }),
  };
};

/** What the sandbox holds for an order: the amount its approval page shows comes from here. */
export type SandboxOrder = {
  id: string;
  amount: number;
  currency: string;
  description: string;
  status: string;
};

/** GET sandbox/orders/{id}: for the order's buyer only. */
export const getSandboxOrder = (orderId: string, signal?: AbortSignal): Promise<SandboxOrder> =>
  apiRequest(`sandbox/orders/${encodeURIComponent(orderId)}`, { auth: true, signal });

export const useSandboxOrder = (orderId: string) =>
  useQuery({
    queryKey: [...paymentKeys.all, 'sandbox', orderId],
    queryFn: ({ signal }) => getSandboxOrder(orderId, signal),
    enabled: orderId !== '',
    retry: false,
  });

export type SandboxCard = { cardNumber: string; expiry: string; cvc: string; name: string };
/** The sandbox approval's answer: DECLINED is recorded now and refused at capture (402). */
export type SandboxApproval = { id: string; status: 'APPROVED' | 'DECLINED' };

/** POST sandbox/orders/{id}/approve: the card form of our own approval page. */
export const approveSandboxOrder = (orderId: string, card: SandboxCard): Promise<SandboxApproval> =>
  apiRequest(`sandbox/orders/${encodeURIComponent(orderId)}/approve`, {
    method: 'POST',
    auth: true,
    body: card,
  });

export const useApproveSandboxOrder = (orderId: string) =>
  useMutation({ mutationFn: (card: SandboxCard) => approveSandboxOrder(orderId, card) });

/** The sums the Sales list sends in headers, by name: what the Totals show. */
const SALES_SUM_HEADERS = {
  revenue: TOTAL_SALE_PRICE_HEADER,
  earnings: TOTAL_EARNINGS_HEADER,
  ...SALES_TOTAL_HEADERS,
  providerFeeUnreported: PROVIDER_FEE_UNREPORTED_HEADER,
};
export type SalesSum = keyof typeof SALES_SUM_HEADERS;

/** A page of sales with the sums of every sale the search finds, each when the server sent it. */
export type SalesPage = PagedWithSums<SaleRow, SalesSum>;

/**
 * GET orders/GetSalesByOrgId?page&pageSize&search: one page of the organisation's captured course sales,
 * newest first, searched on the product, with the sums over all of them from X-Total-Sale-Price,
 * X-Total-Earnings (the net) and the net's parts.
 */
export const listSales = (paging: PageRequest, signal?: AbortSignal): Promise<SalesPage> =>
  apiPageWithSums<SaleRow, SalesSum>('orders/GetSalesByOrgId', paging, SALES_SUM_HEADERS, {
    auth: true,
    signal,
  });

/** Every sale matching `search`, for the CSV export: a page of PAGE_SIZE_MAX at a time. */
export const listAllSales = async (search: string): Promise<SaleRow[]> => {
  const sales: SaleRow[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total } = await listSales({ page, pageSize: PAGE_SIZE_MAX, search });
    sales.push(...rows);
    if (rows.length < PAGE_SIZE_MAX || sales.length >= total) return sales;
  }
};

/** GET orders/GetSalesSeries: gross and net per UTC day, week or month (the Sales chart). */
export const getSalesSeries = (
  query: { interval: SalesInterval; from?: string; to?: string },
  signal?: AbortSignal,
): Promise<SalesSeries> =>
  apiRequest('orders/GetSalesSeries', {
    auth: true,
    signal,
    query: { interval: query.interval, from: query.from, to: query.to },
  });

export const useSalesSeries = (interval: SalesInterval) =>
  usePageQuery(paymentKeys.series(interval), (signal) => getSalesSeries({ interval }, signal), {
    fresh: true,
  });

export const useSales = (paging: PageRequest) =>
  usePageQuery(paymentKeys.sales(paging), (signal) => listSales(paging, signal), { fresh: true });

/** POST orders/RefundOrder: the school gives back a sale, whole or a part (docs/decisions/029). */
export const refundSale = (body: RefundOrderBody): Promise<RefundOrderResponse> =>
  apiRequest('orders/RefundOrder', { method: 'POST', auth: true, body });

/** Refunds a sale; the sales, their chart and the payouts balance are read again afterwards. */
export const useRefundSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSale,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
};

/** GET organization/GetRefundPolicy: the school's money-back guarantee (docs/decisions/029). */
export const useRefundPolicy = () =>
  useQuery({
    queryKey: paymentKeys.refundPolicy(),
    queryFn: ({ signal }): Promise<RefundPolicy> =>
      apiRequest('organization/GetRefundPolicy', { auth: true, signal }),
  });

/** POST organization/SetRefundPolicy: the answer becomes the policy shown. */
export const useSetRefundPolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: RefundPolicy): Promise<RefundPolicy> =>
      apiRequest('organization/SetRefundPolicy', { method: 'POST', auth: true, body: policy }),
    onSuccess: (policy) => queryClient.setQueryData(paymentKeys.refundPolicy(), policy),
  });
};

/** GET orders/GetRefundRequests: the buyers' requests outside the guarantee, those waiting first. */
export const useRefundRequests = (paging: PageRequest) =>
  usePageQuery(paymentKeys.refundRequests(paging), (signal) =>
    apiPage<RefundRequest>('orders/GetRefundRequests', paging, { auth: true, signal }),
  );

/** POST orders/AnswerRefundRequest: approved (refunded in full) or declined; the sales are read again. */
export const useAnswerRefundRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: {
      request_Id: number;
      approve: boolean;
      message?: string;
    }): Promise<RefundRequest> =>
      apiRequest('orders/AnswerRefundRequest', { method: 'POST', auth: true, body: answer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
};

/** POST orders/RequestRefund: the buyer asks for their money back (refunded at once, or put to the school). */
export const useRequestRefund = () =>
  useMutation({
    mutationFn: (body: { order_Id: number; reason: string }): Promise<RequestRefundResponse> =>
      apiRequest('orders/RequestRefund', { method: 'POST', auth: true, body }),
  });

/** How many payouts the Sales screen lists: the latest ones. */
export const PAYOUTS_SHOWN = 5;

/** GET orders/GetPayouts: what the school is owed and the latest payouts the operator recorded. */
export const getPayouts = (signal?: AbortSignal): Promise<Payouts> =>
  apiRequest('orders/GetPayouts', { auth: true, signal, query: { page: 1, pageSize: PAYOUTS_SHOWN } });

export const usePayouts = () =>
  useQuery({ queryKey: paymentKeys.payouts(), queryFn: ({ signal }) => getPayouts(signal), staleTime: 0 });
