import type { Coupon, CouponInput, CouponQuote } from '@skillwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

export const couponKeys = {
  all: ['coupons'] as const,
  list: (paging: PageRequest) => [...couponKeys.all, 'list', paging] as const,
};

/** GET organization/GetCoupons?page&pageSize&search: the school's coupons, newest first, searched on the code. */
export const useCoupons = (paging: PageRequest) =>
  usePageQuery(couponKeys.list(paging), (signal) =>
    apiPage<Coupon>('organization/GetCoupons', paging, { auth: true, signal }),
  );

/** The list is read again after any change: a coupon's state and place in it follow from the server. */
const useCouponChange = <T, R>(change: (body: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
};

/** POST organization/CreateCoupon */
export const useCreateCoupon = () =>
  useCouponChange(
    (input: CouponInput): Promise<Coupon> =>
      apiRequest('organization/CreateCoupon', { method: 'POST', auth: true, body: input }),
  );

/** POST organization/UpdateCoupon: the whole coupon again, by its id (Pause and Resume too). */
export const useUpdateCoupon = () =>
  useCouponChange(
    (body: CouponInput & { coupon_Id: number }): Promise<Coupon> =>
      apiRequest('organization/UpdateCoupon', { method: 'POST', auth: true, body }),
  );

/** POST organization/DeleteCoupon: refused (409) for a coupon an order used. */
export const useDeleteCoupon = () =>
  useCouponChange(
    (couponId: number): Promise<unknown> =>
      apiRequest('organization/DeleteCoupon', { method: 'POST', auth: true, body: { coupon_Id: couponId } }),
  );

/** GET courses/CheckCoupon?course_id=&code=: what the code makes of the course's price for the buyer. */
export const checkCoupon = (courseId: number, code: string, signal?: AbortSignal): Promise<CouponQuote> =>
  apiRequest('courses/CheckCoupon', { auth: true, signal, query: { course_id: courseId, code } });
