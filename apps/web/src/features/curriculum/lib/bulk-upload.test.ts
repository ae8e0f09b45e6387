import { describe, expect, it } from 'vitest';
import { failureLink } from '@/lib/message-link';
import { BULK_RESTRICTIONS, bulkLimitsNote } from './bulk-upload';
import {
  BULK_META_FIELDS,
  LESSON_META_FIELDS,
  tusApiError,
  tusRefusal,
  tusUploadOptions,
  uploadTargetId,
} from './resumable-upload';

/** The error tus-js-client gives when the server refused a request. */
const refusedWith = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('bulk upload settings (SPEC §2.13, §5, §7)', () => {
  it('sends each file resumably with the token, the spec’s 5 at once and its 3 retries', () => {
    expect(tusUploadOptions('tok', BULK_META_FIELDS)).toMatchObject({
      endpoint: '/api/uploads/tus',
      headers: { Authorization: 'Bearer tok' },
      limit: 5,
      retryDelays: [300, 600, 1200],
      chunkSize: 8 * 1024 * 1024,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(tusUploadOptions('tok', BULK_META_FIELDS).allowedMetaFields).toEqual([
      'section_Id',
      'contentType',
      'name',
      'type',
    ]);
    expect(LESSON_META_FIELDS).toEqual([
      'lesson_Id',
      'lesson_title',
      'contentType',
      'section_Id',
      'name',
      'type',
    ]);
    expect(BULK_RESTRICTIONS).toEqual({
      maxNumberOfFiles: 10,
      allowedFileTypes: ['image/*', 'video/*', 'application/pdf'],
      maxFileSize: 2_147_483_648,
    });
  });

  it('states its limits before a file is dropped', () => {
    expect(bulkLimitsNote()).toBe('Up to 10 files at a time: images, videos and PDF files, each up to 2 GB.');
  });

  it("reads the server's reason for a refused file", () => {
    expect(tusRefusal(new Error('offline'))).toBeNull();
    expect(tusRefusal(refusedWith(204, ''))).toBeNull();
    expect(
      tusRefusal(refusedWith(415, JSON.stringify({ message: 'This type of file is not accepted.' }))),
    ).toBe('This type of file is not accepted.');
    expect(tusRefusal(refusedWith(502, '<html>'))).toBe('The upload failed (502).');
    const error = tusApiError(
      refusedWith(413, JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'Too big.' })),
    );
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Too big.',
    });
  });

  it('leads a file refused for the plan’s storage to Plan & billing, and no other refusal', () => {
    const full = refusedWith(409, JSON.stringify({ code: 'PLAN_LIMIT', message: 'Your storage is full.' }));
    expect(failureLink(tusApiError(full))).toEqual({ to: '/admin/billing', label: 'See Plan & billing' });
    const busy = refusedWith(409, JSON.stringify({ code: 'CONFLICT', message: 'Too many uploads.' }));
    expect(failureLink(tusApiError(busy))).toBeUndefined();
    expect(failureLink(tusApiError(new Error('offline')))).toBeUndefined();
  });

  it('names an upload by what it is for, so one file for two lessons is two uploads', () => {
    expect(uploadTargetId([1, 'video', 'Intro'])).toBe(uploadTargetId([1, 'video', 'Intro']));
    expect(uploadTargetId([1, 'video', 'Intro'])).not.toBe(uploadTargetId([2, 'video', 'Intro']));
    expect(uploadTargetId([1, 'video', 'Intro'])).not.toBe(uploadTargetId([1, 'video', 'Outro']));
  });
});
