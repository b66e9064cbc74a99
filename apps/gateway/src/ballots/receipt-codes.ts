import { randomBytes } from 'node:crypto';
import { RECEIPT_ALPHABET, RECEIPT_LENGTH } from '@livevote/contracts';

const RECEIPT_BYTES = (RECEIPT_LENGTH * 5) / 8;
/** Random bytes drawn for 512 receipts at once: one CSPRNG call per 512 ballots, not per ballot. */
const POOL_SIZE = RECEIPT_BYTES * 512;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A new receipt code: 16 characters of Crockford's base32, 80 bits from the system's CSPRNG
 * (docs/verifiability.md). The ballot_receipt() SQL function makes the same kind of code for
 * the directed proxy votes written by one statement.
 */
export function newReceipt(): string {
  if (poolOffset + RECEIPT_BYTES > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + RECEIPT_BYTES);
  poolOffset += RECEIPT_BYTES;
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      code += RECEIPT_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return code;
}
