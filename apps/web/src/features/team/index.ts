// What other parts of the app may use of the team feature; the rest is its own.
export { useRoleAllows } from './api/team';
export { maySeeSection } from './lib/role-access';
