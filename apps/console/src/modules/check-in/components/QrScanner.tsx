import { useEffect, useRef, useState } from 'react';
import { loadQrReader, startScanning } from '../utils/scan-code';

/** The camera's picture; each QR code read is handed to `onCode` once. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const [problem, setProblem] = useState<string>();

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
        () =>
          setProblem(
            'The camera could not be opened. Allow it in the browser, or type the code.',
          ),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <div className="scanner">
      <video ref={video} muted playsInline aria-label="Camera" />
      {problem && (
        <p className="alert alert-danger" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
