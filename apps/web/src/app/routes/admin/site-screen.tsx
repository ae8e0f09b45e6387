import { PageHeader } from '@/components/ui/page-header';
import { SiteSettings } from '@/features/school-sites/components/site-settings';
import { useT } from '@/lib/i18n/use-t';

/** The school's own site and brand (docs/decisions/040), opened from Settings. */
export const SiteSettingsScreen = () => {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.site.title')}
        description={t('admin.adminRoutes.site.description')}
      />
      <SiteSettings />
    </>
  );
};
