/**
 * What a sale earns its school (docs/decisions/024): the gross less what a coupon took off, the
 * operator's fee, the provider's fee (when the provider reported it) and what was refunded. Never stored:
 * every figure is derived from the orders' recorded parts, here, on one sale or on the sums of many.
 */

/** The recorded parts of one sale, or their sums over many, in cents. */
export type EarningParts<N extends number | bigint> = {
  gross: N;
  discount: N;
  platformFee: N;
  /** null: the provider reported no fee (for a sum, the sum of the fees that are known). */
  providerFee: N | null;
  refunded: N;
};

/** The net: gross - discount - platform fee - provider fee (when known) - refunded. */
export function netOf(parts: EarningParts<number>): number;
export function netOf(parts: EarningParts<bigint>): bigint;
export function netOf(parts: EarningParts<number> | EarningParts<bigint>): number | bigint {
  if (typeof parts.gross === 'bigint') {
    const p = parts as EarningParts<bigint>;
    return p.gross - p.discount - p.platformFee - (p.providerFee ?? 0n) - p.refunded;
  }
  const p = parts as EarningParts<number>;
  return p.gross - p.discount - p.platformFee - (p.providerFee ?? 0) - p.refunded;
}

/**
 * The operator's fee on a course sale of `amountCents`: `basisPoints` hundredths of a percent
 * (PLATFORM_FEE_PERCENT), rounded half up to the cent, in whole numbers (no floating point).
 */
export const platformFeeOf = (amountCents: number, basisPoints: number): number =>
  Math.floor((amountCents * basisPoints + 5_000) / 10_000);

/**
 * Cents as dollars with two decimals, exactly: a sum of many sales may pass what a double holds to the
 * cent. A net may be below zero (a sale refunded after its fees were taken).
 */
export const dollarsText = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
