import { describe, expect, it } from 'vitest';
import { BULK_RESTRICTIONS, bulkUploadOptions, extraWaitBeforeTry, uploadRefusal } from './bulk-upload';

const xhrWith = (status: number, responseText: string) => ({ status, responseText }) as XMLHttpRequest;

describe('bulk upload settings (SPEC §2.13, §5, §7)', () => {
  it('sends each file to lessons/UploadLesson in "file" with the token and the two metadata fields', () => {
    const options = bulkUploadOptions('tok');
    expect(options).toMatchObject({
      endpoint: '/api/lessons/UploadLesson',
      fieldName: 'file',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      allowedMetaFields: ['section_Id', 'contentType'],
      limit: 5,
      timeout: 30_000,
    });
    expect(BULK_RESTRICTIONS).toEqual({
      maxNumberOfFiles: 10,
      allowedFileTypes: ['image/*', 'video/*', 'application/pdf'],
    });
  });

  it('retries what may pass on a second try, never a refused file', () => {
    const { shouldRetry } = bulkUploadOptions('tok');
    expect(shouldRetry(xhrWith(0, ''))).toBe(true);
    expect(shouldRetry(xhrWith(503, ''))).toBe(true);
    expect(shouldRetry(xhrWith(413, ''))).toBe(false);
    expect(shouldRetry(xhrWith(415, ''))).toBe(false);
  });

  it("tops Uppy's own waits (0.15, 0.3, 0.6 s) up to 0.3, 0.6 and 1.2 s before the 3 retries", () => {
    const uppyWait = (retry: number) => 300 * 2 ** (retry - 2);
    expect([1, 2, 3].map((retry) => uppyWait(retry) + extraWaitBeforeTry(retry))).toEqual([300, 600, 1200]);
    expect(extraWaitBeforeTry(0)).toBe(0);
    expect(extraWaitBeforeTry(4)).toBe(0);
  });

  it("reads the server's reason for a refused file", () => {
    expect(uploadRefusal(xhrWith(201, '{}'))).toBeNull();
    expect(
      uploadRefusal(xhrWith(415, JSON.stringify({ message: 'This type of file is not accepted.' }))),
    ).toBe('This type of file is not accepted.');
    expect(uploadRefusal(xhrWith(502, '<html>'))).toBe('The upload failed (502).');
  });
});
