import { PageHeader } from '@/components/ui/page-header';
import { MyCertificates } from '@/features/certificates/components/my-certificates';
import { paths } from '@/lib/paths';

/** SPEC §2.12 My Certificates: the student's certificates of completion, to download and to share. */
export const CertificatesPage = () => (
  <>
    <PageHeader
      title="My Certificates"
      description="Certificates of the courses you completed: download them, or share their public link."
    />
    <MyCertificates coursesPath={paths.students.myCourses} />
  </>
);
