import type { SchoolSite, SchoolSiteSettings, UpdateSchoolSiteInput } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Each school's public site and its settings (docs/decisions/040). */
export const schoolSiteKeys = {
  all: ['school-sites'] as const,
  settings: ['school-sites', 'settings'] as const,
  site: (slug: string) => ['school-sites', 'site', slug] as const,
};

/** GET schoolSite/GetSite/{slug}: a school's public site (no login). */
export const useSchoolSite = (slug: string) =>
  useQuery({
    queryKey: schoolSiteKeys.site(slug),
    queryFn: ({ signal }) =>
      apiRequest<SchoolSite>(`schoolSite/GetSite/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });

/** GET schoolSite/GetSettings: the school's site settings (made, at an address of its name, on the first read). */
export const useSchoolSiteSettings = () =>
  useQuery({
    queryKey: schoolSiteKeys.settings,
    queryFn: ({ signal }) => apiRequest<SchoolSiteSettings>('schoolSite/GetSettings', { auth: true, signal }),
  });

/** A change answers the settings as they are now; the public site is read again. */
const useSiteChange = <T>(change: (input: T) => Promise<SchoolSiteSettings>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (settings) => {
      queryClient.setQueryData(schoolSiteKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: ['school-sites', 'site'] });
    },
  });
};

const post = (path: string, payload: { body?: unknown; form?: FormData } = {}) =>
  apiRequest<SchoolSiteSettings>(`schoolSite/${path}`, { method: 'POST', auth: true, ...payload });

/** POST schoolSite/UpdateSettings */
export const useUpdateSchoolSite = () =>
  useSiteChange((input: UpdateSchoolSiteInput) => post('UpdateSettings', { body: input }));

/** POST schoolSite/SetCustomDomain: a domain, or null to give it up. */
export const useSetSchoolDomain = () =>
  useSiteChange((domain: string | null) => post('SetCustomDomain', { body: { domain } }));

/** POST schoolSite/UploadLogo (multipart, the picture as `fileName`). */
export const useUploadSchoolLogo = () =>
  useSiteChange((file: File) => {
    const form = new FormData();
    form.append('fileName', file);
    return post('UploadLogo', { form });
  });

/** POST schoolSite/RemoveLogo */
export const useRemoveSchoolLogo = () => useSiteChange((_: undefined) => post('RemoveLogo'));
