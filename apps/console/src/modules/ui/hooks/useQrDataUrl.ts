import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * `text` as a QR code, an SVG `data:` address for an `<img>`; undefined until drawn, or
 * without text. A newer text replaces a drawing still under way.
 */
export function useQrDataUrl(text: string | undefined): string | undefined {
  const [qr, setQr] = useState<{ text: string; url: string }>();
  useEffect(() => {
    if (!text) return;
    let current = true;
    void QRCode.toString(text, { type: 'svg', margin: 2 }).then((svg) => {
      if (current)
        setQr({
          text,
          url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
        });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return qr && qr.text === text ? qr.url : undefined;
}
