// What other features may use of the reviews feature; the rest is its own.
export { ratingCountText, ratingText } from './lib/rating';
