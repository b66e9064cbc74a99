import { describe, expect, it } from 'vitest';
import { binaryUuidArray } from './uuid-array';

describe('a uuid[] parameter in binary', () => {
  it('writes the header and each id as 16 bytes behind its length', () => {
    const buffer = binaryUuidArray([
      '00112233-4455-6677-8899-aabbccddeeff',
      'FFEEDDCC-BBAA-9988-7766-554433221100',
    ]);

    expect(buffer.toString('hex')).toBe(
      [
        '00000001', // one dimension
        '00000000', // no nulls
        '00000b86', // uuid's type oid, 2950
        '00000002', // two elements
        '00000001', // from index 1
        '00000010',
        '00112233445566778899aabbccddeeff',
        '00000010',
        'ffeeddccbbaa99887766554433221100',
      ].join(''),
    );
  });

  it('writes an empty array with no dimension', () => {
    expect(binaryUuidArray([]).toString('hex')).toBe(
      '00000000' + '00000000' + '00000b86',
    );
  });

  it.each([
    '',
    '00112233-4455-6677-8899-aabbccddeef',
    '00112233-4455-6677-8899-aabbccddeeff0',
    '0011223344556677-8899-aabbccddeeff-',
    '00112233_4455_6677_8899_aabbccddeeff',
    '00112233-4455-6677-8899-aabbccddeefg',
    'g0112233-4455-6677-8899-aabbccddeeff',
    '00112233-4455-6677-8899-aabbccddee\u00e9f',
    '00112233-4455-6677-8899-aabbccdd\u0000eff',
    '{00112233-4455-6677-8899-aabbccdde}',
  ])('refuses %j instead of writing another id', (id) => {
    expect(() =>
      binaryUuidArray(['00112233-4455-6677-8899-aabbccddeeff', id]),
    ).toThrow(/not a uuid/);
  });
});
