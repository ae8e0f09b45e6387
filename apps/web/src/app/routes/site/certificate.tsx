import { useParams } from 'react-router';
import { CertificateVerification } from '@/features/certificates/components/certificate-verification';

/** /certificates/{number}: the public verification page of a certificate, no login needed. */
export const CertificateVerificationPage = () => {
  const { number = '' } = useParams();
  return <CertificateVerification key={number} number={number.trim().toUpperCase()} />;
};
