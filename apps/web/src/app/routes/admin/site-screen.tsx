import { PageHeader } from '@/components/ui/page-header';
import { SiteSettings } from '@/features/school-sites/components/site-settings';

/** The school's own site and brand (docs/decisions/040), opened from Settings. */
export const SiteSettingsScreen = () => (
  <>
    <PageHeader title="School site" description="Your school’s own public site, its brand and its domain." />
    <SiteSettings />
  </>
);
