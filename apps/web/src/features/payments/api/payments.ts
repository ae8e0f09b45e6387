import {
  type CaptureResponse,
  type OrderResponse,
  type PaymentProviderName,
  type PaymentsConfig,
  type PlanCategory,
  type SaleRow,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiPageWithSums, apiRequest, type PagedWithSums, type PageRequest } from '@/lib/api-client';

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  sales: (paging: PageRequest) => [...paymentKeys.all, 'sales', paging] as const,
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
  price: number;
  email: string;
  userId: number;
  courseId: number;
} & ProviderChoice;

/** POST courses/CreateOrder: the server charges its own price; a free course is enrolled at once. */
export const createCourseOrder = (input: CourseOrderInput): Promise<OrderResponse> =>
  apiRequest('courses/CreateOrder', {
    method: 'POST',
    auth: true,
    body: {
      price: input.price,
      email_address: input.email,
      user_id: input.userId,
      course_id: input.courseId,
      ...(input.provider ? { provider: input.provider } : {}),
      ...(input.returnPath ? { returnPath: input.returnPath } : {}),
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
    body: {
      price: input.price,
      email_address: input.email,
      user_id: input.userId,
      subscriptionCategoryType: input.category,
      ...(input.provider ? { provider: input.provider } : {}),
      ...(input.returnPath ? { returnPath: input.returnPath } : {}),
    },
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
 * enrols them). The calls keep their own answers; the flow reads them.
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

/** A page of sales with the revenue and earnings of every sale the search finds, when the server sent them. */
export type SalesPage = PagedWithSums<SaleRow, 'revenue' | 'earnings'>;

/**
 * GET orders/GetSalesByOrgId?page&pageSize&search: one page of the organisation's captured course sales,
 * newest first, searched on the product, with the sums over all of them from X-Total-Sale-Price and
 * X-Total-Earnings.
 */
export const listSales = (paging: PageRequest, signal?: AbortSignal): Promise<SalesPage> =>
  apiPageWithSums<SaleRow, 'revenue' | 'earnings'>(
    'orders/GetSalesByOrgId',
    paging,
    { revenue: TOTAL_SALE_PRICE_HEADER, earnings: TOTAL_EARNINGS_HEADER },
    { auth: true, signal },
  );

export const useSales = (paging: PageRequest) =>
  useQuery({
    queryKey: paymentKeys.sales(paging),
    queryFn: ({ signal }) => listSales(paging, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
