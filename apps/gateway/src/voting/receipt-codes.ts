import { randomBytes } from 'node:crypto';
import { RECEIPT_ALPHABET, RECEIPT_LENGTH } from '@livevote/contracts';

/**
 * A new receipt code: 16 characters of Crockford's base32, 80 bits from the system's CSPRNG
 * (docs/verifiability.md). The ballot_receipt() SQL function makes the same kind of code for
 * the directed proxy votes written by one statement.
 */
export function newReceipt(): string {
  const bytes = randomBytes((RECEIPT_LENGTH * 5) / 8);
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
