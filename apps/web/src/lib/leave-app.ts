/**
 * Sends the browser to a page outside this app (a payment provider's checkout). One place, so the
 * screens that leave can be followed in tests, where jsdom's `location` can be neither navigated nor
 * replaced.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
