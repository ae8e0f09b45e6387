import type { CaptureResponse } from '@skillwise/contracts';

const captures = new Map<string, Promise<CaptureResponse>>();

/**
 * Captures an order at most once per page load: React's strict mode runs the return trip's effect
 * twice, and both runs must share one request. A failed capture is forgotten so that a later, explicit
 * attempt can ask again. (The server is idempotent as well; this spares it the second call.)
 */
export const captureOnce = (
  orderId: string,
  capture: () => Promise<CaptureResponse>,
): Promise<CaptureResponse> => {
  const running = captures.get(orderId);
  if (running) return running;
  const attempt = capture();
  captures.set(orderId, attempt);
  attempt.catch(() => {
    if (captures.get(orderId) === attempt) captures.delete(orderId);
  });
  return attempt;
};

/** For tests: forgets every capture. */
export const resetCaptures = (): void => {
  captures.clear();
};
