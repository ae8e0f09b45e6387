import { useParams } from 'react-router';
import { CertificateVerification } from '@/features/certificates/components/certificate-verification';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** /certificates/{number}: the public verification page of a certificate, no login needed. */
export const CertificateVerificationPage = () => {
  const t = useT();
  usePageTitle(t('site.siteRoutes.certificate.pageTitle'));
  const { number = '' } = useParams();
  return <CertificateVerification key={number} number={number.trim().toUpperCase()} />;
};
