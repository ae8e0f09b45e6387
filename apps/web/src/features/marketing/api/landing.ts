import type { LandingContent } from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const landingKeys = { content: ['landing', 'content'] as const };

/** GET site/GetLandingContent: the installation's real figures and its operator's testimonials. */
export const getLandingContent = (signal?: AbortSignal): Promise<LandingContent> =>
  apiRequest('site/GetLandingContent', { signal });

/** The landing page's figures and testimonials; while they load, or if they fail, it shows neither. */
export const useLandingContent = () =>
  useQuery({ queryKey: landingKeys.content, queryFn: ({ signal }) => getLandingContent(signal) });
