/** What the desk needs of a barcode reader: @zxing/browser's BrowserQRCodeReader has it. */
export interface ScanReader {
  decodeFromVideoDevice(
    deviceId: string | undefined,
    video: HTMLVideoElement,
    callback: (result: { getText(): string } | undefined) => void,
  ): Promise<{ stop(): void }>;
}

export interface ScanOptions {
  /** The same code read again within this time is the same card still held up. */
  repeatAfterMs?: number;
  now?: () => number;
}

/**
 * Reads codes from the camera into `onCode`: once per card held up (a reader sees a code many
 * times a second), trimmed, empty reads ignored. Answers the function that stops the camera.
 */
export async function startScanning(
  reader: ScanReader,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
  { repeatAfterMs = 3000, now = Date.now }: ScanOptions = {},
): Promise<() => void> {
  let last = { text: '', at: -Infinity };
  const controls = await reader.decodeFromVideoDevice(
    undefined,
    video,
    (result) => {
      const text = result?.getText().trim();
      if (!text) return;
      const at = now();
      if (text === last.text && at - last.at < repeatAfterMs) return;
      last = { text, at };
      onCode(text);
    },
  );
  return () => controls.stop();
}

/** The QR reader, loaded only when the registrar opens the camera (it is large). */
export async function loadQrReader(): Promise<ScanReader> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  return new BrowserQRCodeReader();
}
