import type { ChangePlanResponse, PlanCategory, PlanRenewal } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storage } from '@/lib/storage';

const renewalKey = (orgId: unknown) => ['plan-renewal', orgId] as const;

/**
 * GET organization/GetPlanRenewal (README "Additions"): whether the organisation's plan renews, when and
 * for how much, or the grace after a failed renewal. Nothing when nobody is signed in as an organisation.
 */
export const usePlanRenewal = () => {
  const orgId = storage.get('orgId');
  return useQuery({
    queryKey: renewalKey(orgId),
    queryFn: ({ signal }) => apiRequest<PlanRenewal>('organization/GetPlanRenewal', { auth: true, signal }),
    enabled: Boolean(orgId) && Boolean(storage.get('authToken')),
    staleTime: 0,
    retry: false,
  });
};

/** After a change: the renewal, and the organisation's plan (the upgrade runs now). */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return async (renewal: PlanRenewal) => {
    queryClient.setQueryData(renewalKey(storage.get('orgId')), renewal);
    await queryClient.invalidateQueries({ queryKey: ['organisation'] });
  };
};

/** POST organization/CancelPlan: the plan ends with its period. */
export const useCancelPlan = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiRequest<PlanRenewal>('organization/CancelPlan', { method: 'POST', auth: true, body: {} }),
    onSuccess: refresh,
  });
};

/** POST organization/ResumePlan: a cancelled plan renews again. */
export const useResumePlan = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiRequest<PlanRenewal>('organization/ResumePlan', { method: 'POST', auth: true, body: {} }),
    onSuccess: refresh,
  });
};

/** POST organization/ChangePlan: `preview` asks what it would charge, changing nothing. */
export const changePlan = (subscriptionCategoryType: PlanCategory, preview: boolean) =>
  apiRequest<ChangePlanResponse>('organization/ChangePlan', {
    method: 'POST',
    auth: true,
    body: { subscriptionCategoryType, preview },
  });

export const useChangePlan = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (category: PlanCategory) => changePlan(category, false),
    onSuccess: (answer) => refresh(answer.renewal),
  });
};
