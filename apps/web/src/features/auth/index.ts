// What other features may use of the auth feature; the rest is its own.
export { getOrganisation } from './api/login';
export { logOut } from './api/logout';
export { getAdminDestination } from './lib/login-outcome';
