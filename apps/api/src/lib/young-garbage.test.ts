import { afterEach, describe, expect, test, vi } from 'vitest';
import { uploadedBytes } from './young-garbage';

const MiB = 1024 * 1024;

describe('uploadedBytes', () => {
  const globals = globalThis as { gc?: unknown };
  const before = globals.gc;
  afterEach(() => {
    globals.gc = before;
  });

  test('collects the young generation once every 16 MiB of upload, and never a full collection', () => {
    globals.gc = undefined;
    // Whatever an earlier upload left counted, the next collection comes within 16 MiB.
    uploadedBytes(16 * MiB);
    const gc = vi.fn();
    globals.gc = gc;
    // 40 MiB in the 64 KiB chunks a socket gives.
    for (let i = 0; i < 640; i += 1) uploadedBytes(64 * 1024);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc.mock.calls.every(([options]) => options.type === 'minor')).toBe(true);
  });

  test('without the collector exposed (no --expose-gc), uploads just go on', () => {
    globals.gc = undefined;
    expect(() => uploadedBytes(64 * MiB)).not.toThrow();
  });
});
