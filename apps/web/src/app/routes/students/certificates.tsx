import { PageHeader } from '@/components/ui/page-header';
import { MyCertificates } from '@/features/certificates/components/my-certificates';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';

/** SPEC §2.12 My Certificates: the student's certificates of completion, to download and to share. */
export const CertificatesPage = () => {
  const t = useT();
  usePageTitle(t('learning.learningRoutes.certificates.title'));
  return (
    <>
      <PageHeader
        title={t('learning.learningRoutes.certificates.title')}
        description={t('learning.learningRoutes.certificates.description')}
      />
      <MyCertificates coursesPath={paths.students.myCourses} />
    </>
  );
};
