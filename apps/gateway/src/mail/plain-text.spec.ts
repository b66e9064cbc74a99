import { describe, expect, it } from 'vitest';
import { plainName } from './plain-text';

describe('plain names in mail', () => {
  it('leave ordinary names as typed', () => {
    for (const name of [
      'Ann Owner',
      'J.R. Smith',
      'Zoë O’Neil-Tremblay',
      'Dr. No',
    ])
      expect(plainName(name)).toBe(name);
  });

  it('break what a mail client would link', () => {
    expect(plainName('Visit https://evil.example')).toBe(
      'Visit https:\u2215\u2215evil\u2024example',
    );
    expect(plainName('www.evil.example')).toBe('www\u2024evil\u2024example');
    expect(plainName('me@evil.example')).toBe('me\uFF20evil\u2024example');
    expect(plainName('Line\r\nbreak')).toBe('Line break');
    for (const name of ['evil.example', 'EVIL.COM', 'x.io/path'])
      expect(plainName(name)).not.toMatch(/[\p{L}\p{N}]\.[\p{L}\p{N}]/u);
  });
});
