import type { PricingRecord } from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { UNEXPECTED_RESPONSE_MESSAGE } from '@/config/app';
import { apiRequest } from '@/lib/api-client';

/** GET pricingplan (public): the first element of the list holds the six prices (SPEC §3). */
export const getPricing = async (signal?: AbortSignal): Promise<PricingRecord> => {
  const records = await apiRequest<PricingRecord[]>('pricingplan', { signal });
  const first = Array.isArray(records) ? records[0] : undefined;
  if (!first) throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  return first;
};

export const usePricing = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => getPricing(signal), staleTime: 5 * 60_000 });
