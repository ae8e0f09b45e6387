import type { CaptureResponse } from '@skillwise/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureOnce, resetCaptures } from './capture-once';

const captured: CaptureResponse = {
  id: 'SBX-1',
  status: 'COMPLETED',
  message: 'ok',
  course_Id: 4,
  subscriptionCategoryType: null,
  subscriptionEndsAt: null,
};

afterEach(() => resetCaptures());

describe('captureOnce (strict mode runs the return effect twice)', () => {
  it('shares one capture between two callers of the same order', async () => {
    const capture = vi.fn(async () => captured);
    const [first, second] = await Promise.all([captureOnce('SBX-1', capture), captureOnce('SBX-1', capture)]);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    // Even later on the same page: the order is captured already.
    await captureOnce('SBX-1', capture);
    expect(capture).toHaveBeenCalledTimes(1);
  });

  it('captures different orders separately', async () => {
    const capture = vi.fn(async () => captured);
    await captureOnce('SBX-1', capture);
    await captureOnce('SBX-2', capture);
    expect(capture).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed capture so an explicit retry may ask again', async () => {
    const failing = vi.fn(async (): Promise<CaptureResponse> => {
      throw new Error('down');
    });
    await expect(captureOnce('SBX-3', failing)).rejects.toThrow('down');
    const succeeding = vi.fn(async () => captured);
    await expect(captureOnce('SBX-3', succeeding)).resolves.toBe(captured);
    expect(succeeding).toHaveBeenCalledTimes(1);
  });
});
