// What other features may use of the certificates feature; the rest is its own.
export { getMyCourseCertificate } from './api/certificates';
