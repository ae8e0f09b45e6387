/** Loaded on demand by the API client (lib/api-client.ts), with the validation library it brings. */
export { errorBodySchema } from '@skillwise/contracts';
