import type {
  Organisation,
  PricingRecord,
  StorageUsageAnswer,
  SubscriptionTypeCategory,
} from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { UNEXPECTED_RESPONSE_MESSAGE } from '@/config/app';
import { apiRequest } from '@/lib/api-client';
import { storage } from '@/lib/storage';

/** GET pricingplan (public): the first element of the list holds the six prices (SPEC §3). */
export const getPricing = async (signal?: AbortSignal): Promise<PricingRecord> => {
  const records = await apiRequest<PricingRecord[]>('pricingplan', { signal });
  const first = Array.isArray(records) ? records[0] : undefined;
  if (!first) throw new Error(UNEXPECTED_RESPONSE_MESSAGE);
  return first;
};

export const usePricing = () =>
  useQuery({ queryKey: ['pricing'], queryFn: ({ signal }) => getPricing(signal), staleTime: 5 * 60_000 });

/** GET organization/getAllAdminSubscriptionTypeCategory (public): each plan and period with its limits. */
export const usePlanTypes = () =>
  useQuery({
    queryKey: ['plan-types'],
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionTypeCategory[]>('organization/getAllAdminSubscriptionTypeCategory', { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * GET organization/getOrgById/{stored org_Id}: the plan the organisation runs now, so the plans screen
 * can say which one it is and until when it is paid. Nothing when no organisation is stored.
 */
export const useCurrentPlan = () => {
  const orgId = storage.get('orgId');
  return useQuery({
    queryKey: ['organisation', orgId],
    queryFn: ({ signal }) =>
      apiRequest<Organisation>(`organization/getOrgById/${orgId}`, { auth: true, signal }),
    enabled: Boolean(orgId) && Boolean(storage.get('authToken')),
    staleTime: 0,
  });
};

/**
 * GET organization/GetStorageUsage (README "Additions"): what the publisher's organisation stores
 * against its plan's allowance. Nothing when nobody is signed in as an organisation.
 */
export const useStorageUsage = () => {
  const orgId = storage.get('orgId');
  return useQuery({
    queryKey: ['storage-usage', orgId],
    queryFn: ({ signal }) =>
      apiRequest<StorageUsageAnswer>('organization/GetStorageUsage', { auth: true, signal }),
    enabled: Boolean(orgId) && Boolean(storage.get('authToken')),
    staleTime: 0,
    retry: false,
  });
};
