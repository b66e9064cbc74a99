import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadQrReader, startScanning } from '../utils/scan-code';

/** The camera's picture; each QR code read is handed to `onCode` once. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const element = video.current;
    if (!element) return;
    loadQrReader()
      .then((reader) =>
        startScanning(reader, element, (code) => handler.current(code)),
      )
      .then(
        (halt) => {
          if (cancelled) halt();
          else stop = halt;
        },
        () => setFailed(true),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <div className="scanner">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('checkIn.code.camera')}
      />
      {failed && (
        <p className="alert alert-danger" role="alert">
          {t('checkIn.code.cameraFailed')}
        </p>
      )}
    </div>
  );
}
