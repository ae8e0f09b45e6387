import { Screen } from '@/components/ui/page-header';
import { MyCertificates } from '@/features/certificates/components/my-certificates';
import { paths } from '@/lib/paths';

/** SPEC §2.12 My Certificates: the student's certificates of completion, to download and to share. */
export const CertificatesPage = () => (
  <Screen texts="learning.learningRoutes.certificates">
    <MyCertificates coursesPath={paths.students.myCourses} />
  </Screen>
);
