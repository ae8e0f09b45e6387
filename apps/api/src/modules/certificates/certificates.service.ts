import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_ALPHABET,
  type CertificateVerification,
  type CourseCertificate,
  certificateFileName,
  certificatePath,
  type IssuedCertificate,
  type MyCertificate,
  type Paged,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { isOwnerOf, requireAccess } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import { renderCertificatePdf } from './certificate-pdf';
import {
  certificateLanguage,
  findCertificateById,
  findCertificateByNumber,
  hasCertificate,
  issueCertificate,
  listCourseCertificates,
  listUserCertificates,
} from './certificates.repository';

type Publisher = Actor & { orgId: number };

/**
 * A new certificate number: 'SW-' and 16 letters of base32 in groups of four, 80 bits from the system's
 * secure random source, so no number can be guessed from another.
 */
export const newCertificateNumber = (): string => {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let letters = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      letters += CERTIFICATE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `SW-${letters.match(/.{4}/g)?.join('-')}`;
};

/** Tries at a fresh number when one is already taken (about one chance in 10^24 per certificate). */
const NUMBER_TRIES = 3;

/**
 * Certificates of completion: issued once when a student completes a course whose certificate flag is
 * yes; verified by anyone through their number; downloaded as a PDF by their owner; listed for the
 * student and for the course's publisher. A certificate keeps what it said when it was issued:
 * unpublishing or renaming the course changes nothing. Deleting the student's account revokes it, and so
 * does a refund that takes the course away; a student who buys the course again and completes it gets a
 * new certificate with a new number, while the old number keeps answering "revoked".
 */
export class CertificateService {
  constructor(
    private readonly deps: {
      db: Db;
      publicUrl: string;
      /** Tells the student (in My Notification and by e-mail), in the transaction that issues. */
      notifications?: Pick<NotificationService, 'certificateIssued'>;
    },
  ) {}

  private verificationUrl(number: string): string {
    return `${this.deps.publicUrl}${certificatePath(number)}`;
  }

  /**
   * Called by the progress save that completed a lesson: issues the student's certificate of the course
   * when every published lesson of it is now complete and the course gives one. Exactly once per student
   * and course, also under retried and concurrent saves (the unique index decides). Answers the
   * certificate issued by this call, or null (not complete, no certificate, or issued before).
   */
  /** Whether the student holds the course's certificate already (a revoked one is none). */
  holds(userId: number, courseId: number): Promise<boolean> {
    return hasCertificate(this.deps.db, userId, courseId);
  }

  async issueOnCompletion(userId: number, courseId: number): Promise<IssuedCertificate | null> {
    const { db } = this.deps;
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Issued and announced together: a certificate never goes untold, and a failed notice issues none.
        const row = await db.transaction(async (tx) => {
          const id = await issueCertificate(tx, { number: newCertificateNumber(), userId, courseId });
          if (id === undefined) return undefined;
          const issued = await findCertificateById(tx, id);
          if (issued) {
            await this.deps.notifications?.certificateIssued(
              { userId, number: issued.number, courseTitle: issued.courseTitle, courseId },
              tx,
            );
          }
          return issued;
        });
        if (!row) return null;
        return { number: row.number, verification_url: this.verificationUrl(row.number) };
      } catch (error) {
        // Only the number can clash here: (user, course) conflicts are skipped by the insert itself.
        if (!isUniqueViolation(error) || attempt >= NUMBER_TRIES) throw error;
      }
    }
  }

  /** certificates/Verify/{number}: public; an unknown number is a 404. */
  async verify(number: string): Promise<CertificateVerification> {
    const row = await findCertificateByNumber(this.deps.db, number);
    if (!row) throw notFound('Certificate');
    // Revoked means revoked_at is set: deleting the account (user_id set null) sets it (migration 0009).
    const revoked = row.revokedAt !== null;
    return {
      number: row.number,
      status: revoked ? 'revoked' : 'valid',
      student_name: revoked ? null : row.studentName,
      course_title: row.courseTitle,
      org_name: row.orgName,
      author_name: row.authorName,
      issued_date: row.issuedAt.toISOString(),
      revoked_date: row.revokedAt?.toISOString() ?? null,
    };
  }

  /** certificates/GetMyCertificates: the caller's own certificates (of one course), newest first. */
  async mine(actor: Actor, list: ListQuery, courseId?: number): Promise<Paged<MyCertificate>> {
    const page = await listUserCertificates(this.deps.db, actor.userId, list, courseId);
    return mapPage(page, (row) => ({
      number: row.number,
      course_Id: row.courseId,
      course_title: row.courseTitle,
      org_name: row.orgName,
      author_name: row.authorName,
      student_name: row.studentName,
      issued_date: row.issuedAt.toISOString(),
      verification_url: this.verificationUrl(row.number),
    }));
  }

  /**
   * certificates/GetCourseCertificates/{courseId}: who earned the course's certificate, for the course's
   * publisher only; another organisation's course answers 404.
   */
  async course(actor: Publisher, courseId: number, list: ListQuery): Promise<Paged<CourseCertificate>> {
    const { db } = this.deps;
    await requireAccess(db, actor, 'course.update', courseId);
    const page = await listCourseCertificates(db, courseId, list);
    return mapPage(page, (row) => ({
      number: row.number,
      user_Id: row.userId,
      student_name: row.studentName,
      email: row.email,
      issued_date: row.issuedAt.toISOString(),
      verification_url: this.verificationUrl(row.number),
    }));
  }

  /**
   * certificates/Download/{number}: the PDF, for the student who earned it only. Anyone else, and a
   * revoked certificate, gets the same 404 as an unknown number: the file is its owner's.
   */
  async download(actor: Actor, number: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    const row = await findCertificateByNumber(this.deps.db, number);
    if (!row || row.revokedAt !== null || !isOwnerOf(actor, row)) throw notFound('Certificate');
    const bytes = await renderCertificatePdf({
      number: row.number,
      studentName: row.studentName,
      courseTitle: row.courseTitle,
      orgName: row.orgName,
      authorName: row.authorName,
      issuedAt: row.issuedAt,
      verificationUrl: this.verificationUrl(row.number),
      language: await certificateLanguage(this.deps.db, row),
    });
    return { fileName: certificateFileName(row.number), bytes };
  }
}
