import { randomInt } from 'node:crypto';

const DIGITS = 12;

/** 12 random digits (about 40 bits): typed from a printed notice, not guessable in bulk. */
export function generateControlNumber(): string {
  return String(randomInt(0, 10 ** DIGITS)).padStart(DIGITS, '0');
}

/** A control number that is not in `taken`. */
export function generateUniqueControlNumber(
  taken: ReadonlySet<string>,
): string {
  for (;;) {
    const candidate = generateControlNumber();
    if (!taken.has(candidate)) return candidate;
  }
}
