import { describe, expect, it } from 'vitest';
import {
  checkInQrSvg,
  formatCheckInCode,
  normalizeCheckInCode,
} from './check-in-code';

describe('check-in codes', () => {
  it('prints a stored code in four groups of four', () => {
    expect(formatCheckInCode('3F9A0C7D51BE2284')).toBe('3F9A-0C7D-51BE-2284');
  });

  it.each([
    ['3F9A-0C7D-51BE-2284', '3F9A0C7D51BE2284'],
    ['3f9a 0c7d 51be 2284', '3F9A0C7D51BE2284'],
    [' 3F9A0C7D51BE2284 ', '3F9A0C7D51BE2284'],
    ['3F9A-OC7D-51BE-2284', '3F9A0C7D51BE2284'],
  ])('reads %j as the stored %s', (input, stored) => {
    expect(normalizeCheckInCode(input)).toBe(stored);
  });

  it.each([
    '',
    '3F9A-0C7D-51BE',
    '3F9A-0C7D-51BE-2284-0000',
    'https://example.test/vote/abc',
    'GHIJ-KLMN-PQRS-TUVW',
    '3F9A\u00000C7D51BE2284',
  ])('refuses %j: not a check-in code', (input) => {
    expect(normalizeCheckInCode(input)).toBeNull();
  });

  it('draws the printed code as an SVG QR image', async () => {
    const svg = await checkInQrSvg('3F9A0C7D51BE2284');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });
});
