// What other features may use of the payments feature; the rest is its own.
export { RequestRefund } from './components/request-refund';
