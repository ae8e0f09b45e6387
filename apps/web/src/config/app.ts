/** Static settings of the web app; nothing here is read from the environment. */
export const APP_NAME = 'Skillwise';

/** What the product is, after its name in the first page's title (index.html says the same). */
export const APP_TAGLINE = 'Online Learning Platform';

/** The API is served by the same origin under /api (DESIGN: one process serves both). */
export const API_BASE_URL = '/api';

/** Shown when a request never reached the server. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Please check your connection and try again.';

/** Shown when the server (or a proxy before it) failed without saying why. */
export const SERVER_UNAVAILABLE_MESSAGE =
  'The server is not available right now. Please try again in a moment.';

/** Shown when the server answered with something other than the JSON it promises. */
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again later.';

/** Window width above which the admin sidebar starts open (SPEC §2.13). */
export const DESKTOP_MIN_WIDTH = 768;

/**
 * A call a busy server refused (503 with Retry-After) is sent again after the wait it asks for, up to
 * this many times, when the wait is at most BUSY_WAIT_MAX_S seconds (lib/api-client.ts).
 */
export const BUSY_RETRIES = 3;
export const BUSY_WAIT_MAX_S = 30;
