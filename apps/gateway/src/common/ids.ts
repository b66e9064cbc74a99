import { randomInt } from 'node:crypto';

const SHORT_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lower-case, URL-safe short code without look-alike characters (0/o, 1/l). */
export function generateShortCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++)
    code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
