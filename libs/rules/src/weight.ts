/**
 * Exact weights for verdicts and quorum: units (members, ballots) as integers and shares as
 * integer millionths in bigint, so a comparison at a threshold never depends on floating
 * rounding (docs/verdicts.md).
 */

/** Shares as a number or as the decimal text of a numeric(20,6) column. */
export type Shares = number | string;

/** Members (units) and their shares, as a caller holds them. */
export interface Weight {
  units: number;
  shares: Shares;
}

/** Members (units) and their shares, as answered: shares to 6 decimals. */
export interface Figures {
  units: number;
  shares: number;
}

/** Units and shares in exact integers: shares in millionths. */
export interface ExactWeight {
  units: bigint;
  shares: bigint;
}

const MICRO_DIGITS = 6;
const MICRO = 10n ** BigInt(MICRO_DIGITS);
const DECIMAL = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Shares as integer millionths, exactly: a decimal text or number is rounded half up at the
 * sixth decimal (a numeric(20,6) value has no more). Negative or non-finite shares throw.
 */
export function microShares(value: Shares): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[1] === '' && !match[2]))
    throw new RangeError(`not a number of shares: ${JSON.stringify(value)}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const shift = Number(exponent);
  if (!Number.isSafeInteger(shift) || Math.abs(shift) > 400)
    throw new RangeError(`not a number of shares: ${JSON.stringify(value)}`);
  // digits * 10^(point), moved to millionths: digits * 10^(point + 6)
  const digits = BigInt(`${whole}${fraction}` || '0');
  const power = shift - fraction.length + MICRO_DIGITS;
  if (power >= 0) return digits * 10n ** BigInt(power);
  const divisor = 10n ** BigInt(-power);
  const quotient = digits / divisor;
  return digits % divisor >= (divisor + 1n) / 2n ? quotient + 1n : quotient;
}

function numberText(value: number): string {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`not a number of shares: ${value}`);
  return String(value);
}

/** A count of members or ballots: a non-negative safe integer. */
export function exactUnits(value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`not a number of units: ${value}`);
  return BigInt(value);
}

export function exactWeight(weight: Weight): ExactWeight {
  return {
    units: exactUnits(weight.units),
    shares: microShares(weight.shares),
  };
}

/** Millionths as decimal text, e.g. 1333333n -> "1.333333", 2000000n -> "2". */
export function sharesText(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const magnitude = micro < 0n ? -micro : micro;
  const fraction = (magnitude % MICRO)
    .toString()
    .padStart(MICRO_DIGITS, '0')
    .replace(/0+$/, '');
  return `${sign}${magnitude / MICRO}${fraction ? `.${fraction}` : ''}`;
}

export function toFigures(weight: ExactWeight): Figures {
  return {
    units: Number(weight.units),
    shares: Number(sharesText(weight.shares)),
  };
}

export const ZERO_WEIGHT: ExactWeight = { units: 0n, shares: 0n };

export function addWeight(a: ExactWeight, b: ExactWeight): ExactWeight {
  return { units: a.units + b.units, shares: a.shares + b.shares };
}

export function subtractWeight(a: ExactWeight, b: ExactWeight): ExactWeight {
  return { units: a.units - b.units, shares: a.shares - b.shares };
}

export function maxWeight(a: ExactWeight, b: ExactWeight): ExactWeight {
  return {
    units: a.units > b.units ? a.units : b.units,
    shares: a.shares > b.shares ? a.shares : b.shares,
  };
}

export function minWeight(a: ExactWeight, b: ExactWeight): ExactWeight {
  return {
    units: a.units < b.units ? a.units : b.units,
    shares: a.shares < b.shares ? a.shares : b.shares,
  };
}
