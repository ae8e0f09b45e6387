import {
  type CertificateVerification,
  type CourseCertificate,
  certificateFileName,
  type MyCertificate,
  type Paged,
} from '@skillwise/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFile, apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';
import { saveFile } from '@/lib/save-file';

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: (paging: PageRequest) => [...certificateKeys.all, 'mine', paging] as const,
  ofCourse: (courseId: number) => [...certificateKeys.all, 'mine', 'course', courseId] as const,
  verify: (number: string) => [...certificateKeys.all, 'verify', number] as const,
  earners: (courseId: number, paging: PageRequest) =>
    [...certificateKeys.all, 'earners', courseId, paging] as const,
};

/** GET certificates/GetMyCertificates?page&pageSize: a page of the signed-in student's certificates. */
export const listMyCertificates = (
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<MyCertificate>> =>
  apiPage<MyCertificate>('certificates/GetMyCertificates', paging, { auth: true, signal });

export const useMyCertificates = (paging: PageRequest) =>
  usePageQuery(certificateKeys.mine(paging), (signal) => listMyCertificates(paging, signal));

/** GET certificates/GetMyCertificates?course_Id=: the student's certificate of one course, or null. */
export const getMyCourseCertificate = async (
  courseId: number,
  signal?: AbortSignal,
): Promise<MyCertificate | null> => {
  const page = await apiPage<MyCertificate>(
    'certificates/GetMyCertificates',
    { page: 1, pageSize: 1 },
    { auth: true, signal, query: { course_Id: courseId } },
  );
  return page.rows[0] ?? null;
};

export const useMyCourseCertificate = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: certificateKeys.ofCourse(courseId),
    queryFn: ({ signal }) => getMyCourseCertificate(courseId, signal),
    enabled,
  });

/** GET certificates/Verify/{number}, no token: what anyone may read of a certificate (404: unknown). */
export const verifyCertificate = (number: string, signal?: AbortSignal): Promise<CertificateVerification> =>
  apiRequest<CertificateVerification>(`certificates/Verify/${encodeURIComponent(number)}`, { signal });

export const useCertificateVerification = (number: string) =>
  useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: ({ signal }) => verifyCertificate(number, signal),
    // An unknown or malformed number is an answer, not a failure to try again.
    retry: false,
  });

/** GET certificates/Download/{number} with the token, handed to the browser as a PDF download. */
export const downloadCertificate = async (number: string): Promise<void> => {
  const { blob, fileName } = await apiFile(`certificates/Download/${encodeURIComponent(number)}`, {
    auth: true,
  });
  saveFile(blob, fileName ?? certificateFileName(number));
};

export const useDownloadCertificate = () => useMutation({ mutationFn: downloadCertificate });

/** GET certificates/GetCourseCertificates/{courseId}?page&pageSize: who earned the course's certificate. */
export const listCourseCertificates = (
  courseId: number,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<CourseCertificate>> =>
  apiPage<CourseCertificate>(`certificates/GetCourseCertificates/${courseId}`, paging, {
    auth: true,
    signal,
  });

export const useCourseCertificates = (courseId: number, paging: PageRequest) =>
  usePageQuery(certificateKeys.earners(courseId, paging), (signal) =>
    listCourseCertificates(courseId, paging, signal),
  );
