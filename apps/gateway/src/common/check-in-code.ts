import QRCode from 'qrcode';

/** A stored code: 16 hexadecimal digits, upper case (64 random bits; schema `check_in_code`). */
const STORED = /^[0-9A-F]{16}$/;

/**
 * The stored code as people read it: four groups of four (`3F9A-0C7D-51BE-2284`). The QR code
 * carries the same text, so a scan and a typed code take the same way.
 */
export function formatCheckInCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What the desk entered or scanned, as stored, or null when it cannot be a check-in code:
 * case, spaces and dashes are ignored and a letter O is read as a zero.
 */
export function normalizeCheckInCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0');
  return STORED.test(code) ? code : null;
}

/** The code as a QR image (SVG), for the portal and the invite. */
export function checkInQrSvg(code: string): Promise<string> {
  return QRCode.toString(formatCheckInCode(code), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
}

/** The code as a QR image (PNG), for the invite e-mail's inline image. */
export function checkInQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(formatCheckInCode(code), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
}
