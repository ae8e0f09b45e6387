import type {
  ApiKey,
  CreatedApiKey,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

/** Webhooks and API keys (docs/decisions/037): the school's Growth-plan integrations. */
export const integrationKeys = {
  all: ['integrations'] as const,
  endpoints: ['integrations', 'endpoints'] as const,
  deliveries: (endpointId: number, paging: PageRequest) =>
    ['integrations', 'deliveries', endpointId, paging] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
};

/** A whole list as the one list component reads a page. */
const asPage = <T>(rows: T[]) => ({ rows, total: rows.length });

/** GET integrations/GetWebhookEndpoints */
export const useWebhookEndpoints = () =>
  useQuery({
    queryKey: integrationKeys.endpoints,
    queryFn: ({ signal }) =>
      apiRequest<WebhookEndpoint[]>('integrations/GetWebhookEndpoints', { auth: true, signal }),
    select: asPage,
    retry: false,
  });

/** GET integrations/GetWebhookDeliveries?endpoint_id&page&pageSize: newest first. */
export const useWebhookDeliveries = (endpointId: number, paging: PageRequest) =>
  usePageQuery(integrationKeys.deliveries(endpointId, paging), (signal) =>
    apiPage<WebhookDelivery>('integrations/GetWebhookDeliveries', paging, {
      auth: true,
      signal,
      query: { endpoint_id: endpointId },
    }),
  );

/** GET integrations/GetApiKeys */
export const useApiKeys = () =>
  useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => apiRequest<ApiKey[]>('integrations/GetApiKeys', { auth: true, signal }),
    select: asPage,
    retry: false,
  });

/** Everything is read again after a change: states, logs and last uses come from the server. */
const useIntegrationChange = <T, R>(change: (body: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};

const post = <R>(path: string, body: unknown): Promise<R> =>
  apiRequest<R>(`integrations/${path}`, { method: 'POST', auth: true, body });

export const useCreateEndpoint = () =>
  useIntegrationChange((body: { url: string; events: WebhookEventType[]; description?: string }) =>
    post<WebhookEndpointWithSecret>('CreateWebhookEndpoint', body),
  );
export const useUpdateEndpoint = () =>
  useIntegrationChange((body: { id: number; events?: WebhookEventType[]; enabled?: boolean }) =>
    post<WebhookEndpoint>('UpdateWebhookEndpoint', body),
  );
export const useDeleteEndpoint = () =>
  useIntegrationChange((id: number) => post<unknown>('DeleteWebhookEndpoint', { id }));
export const useRollSecret = () =>
  useIntegrationChange((id: number) => post<WebhookEndpointWithSecret>('RollWebhookSecret', { id }));
export const useSendTest = () =>
  useIntegrationChange((id: number) => post<WebhookDelivery>('SendTestWebhook', { id }));
export const useRedeliver = () =>
  useIntegrationChange((deliveryId: number) =>
    post<WebhookDelivery>('RedeliverWebhook', { delivery_id: deliveryId }),
  );
export const useCreateApiKey = () =>
  useIntegrationChange((name: string) => post<CreatedApiKey>('CreateApiKey', { name }));
export const useRevokeApiKey = () =>
  useIntegrationChange((id: number) => post<ApiKey>('RevokeApiKey', { id }));
