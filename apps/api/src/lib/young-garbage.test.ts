import { afterEach, describe, expect, test, vi } from 'vitest';

describe('uploadedBytes', () => {
  const globals = globalThis as { gc?: unknown };
  const before = globals.gc;
  afterEach(() => {
    globals.gc = before;
    vi.resetModules();
  });

  test('collects the young generation once every 16 MiB of upload, and never a full collection', async () => {
    const gc = vi.fn();
    globals.gc = gc;
    vi.resetModules();
    const { uploadedBytes } = await import('./young-garbage');
    // 40 MiB in the 64 KiB chunks a socket gives.
    for (let i = 0; i < 640; i += 1) uploadedBytes(64 * 1024);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc).toHaveBeenCalledWith({ type: 'minor' });
  });

  test('without the collector exposed (no --expose-gc), uploads just count nothing', async () => {
    globals.gc = undefined;
    vi.resetModules();
    const { uploadedBytes } = await import('./young-garbage');
    expect(() => uploadedBytes(64 * 1024 * 1024)).not.toThrow();
  });
});
