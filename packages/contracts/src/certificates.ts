import { z } from 'zod';
import { expected, idSchema } from './common';
import { pageQuerySchema } from './paging';
import { lessonProgressSchema } from './progress';

/**
 * Certificates of completion (README "Additions"). A student who completes every published lesson of a
 * course whose certificate flag is yes is issued one certificate, once; its public number leads to the
 * verification page `/certificates/{number}`.
 */

/** The letters of a certificate number: RFC 4648 base32, which has no 0, 1, 8 or 9 to confuse. */
export const CERTIFICATE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 'SW-' and four groups of four letters: 80 random bits, e.g. SW-K7QM-2XAD-PLR4-ZT6B. */
export const CERTIFICATE_NUMBER_PATTERN = /^SW-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/;

/** Rows a page of either certificates list holds when only `page` is given. */
export const CERTIFICATE_PAGE_SIZES = { mine: 10, course: 10 } as const;

/** The web app's public verification page of a certificate number. */
export const certificatePath = (number: string) => `/certificates/${encodeURIComponent(number)}`;

/**
 * A certificate number in a path, as typed or pasted: surrounding blanks are dropped and the letters
 * upper-cased, so `sw-k7qm-2xad-plr4-zt6b` finds SW-K7QM-2XAD-PLR4-ZT6B.
 */
export const certificateNumberSchema = z
  .string(expected('a certificate number'))
  .trim()
  .max(64, 'must be a certificate number like SW-ABCD-EFGH-JKLM-NPQR')
  .transform((value) => value.toUpperCase())
  .pipe(
    z.string().regex(CERTIFICATE_NUMBER_PATTERN, 'must be a certificate number like SW-ABCD-EFGH-JKLM-NPQR'),
  );

export const certificateNumberParamSchema = z.object({ number: certificateNumberSchema });

/** certificates/GetMyCertificates: the paging parameters, and `course_Id` for one course's certificate. */
export const myCertificatesQuerySchema = pageQuerySchema.extend({ course_Id: idSchema.optional() });

/** certificates/Verify/{number}: what anyone may read of a certificate. */
export const certificateVerificationSchema = z.object({
  number: z.string(),
  /** `revoked` once the student's account was deleted: the name is erased then. */
  status: z.enum(['valid', 'revoked']),
  /** null when revoked. */
  student_name: z.string().nullable(),
  course_title: z.string(),
  org_name: z.string(),
  author_name: z.string(),
  issued_date: z.string(),
  revoked_date: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** certificates/GetMyCertificates: one of the signed-in student's certificates. */
export const myCertificateSchema = z.object({
  number: z.string(),
  course_Id: z.number(),
  course_title: z.string(),
  org_name: z.string(),
  author_name: z.string(),
  student_name: z.string(),
  issued_date: z.string(),
  /** The public verification page, on this installation's PUBLIC_URL. */
  verification_url: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;

/** certificates/GetCourseCertificates/{courseId}: a student who earned the publisher's course's certificate. */
export const courseCertificateSchema = z.object({
  number: z.string(),
  user_Id: z.number(),
  student_name: z.string(),
  email: z.string(),
  issued_date: z.string(),
  verification_url: z.string(),
});
export type CourseCertificate = z.infer<typeof courseCertificateSchema>;

/** The certificate a progress save has just issued: the save that completed the course. */
export const issuedCertificateSchema = z.object({
  number: z.string(),
  verification_url: z.string(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/**
 * studentCourse/SaveLessonProgress's answer: the lesson's state and, only on the save that completed a
 * course with a certificate, the certificate it issued.
 */
export const savedLessonProgressSchema = lessonProgressSchema.extend({
  certificate: issuedCertificateSchema.optional(),
});
export type SavedLessonProgress = z.infer<typeof savedLessonProgressSchema>;

/** The downloaded file's name: `certificate-SW-K7QM-2XAD-PLR4-ZT6B.pdf`. */
export const certificateFileName = (number: string) => `certificate-${number}.pdf`;
