import { Screen } from '@/components/ui/page-header';
import { SiteSettings } from '@/features/school-sites/components/site-settings';

/** The school's own site and brand (docs/decisions/040), opened from Settings. */
export const SiteSettingsScreen = () => (
  <Screen texts="admin.adminRoutes.site">
    <SiteSettings />
  </Screen>
);
