import { describe, expect, it, vi } from 'vitest';
import { startScanning, type ScanReader } from './scan-code';

/** A reader that hands its callback to the test, as the camera would feed it. */
function aReader() {
  const stop = vi.fn();
  let feed: (text: string | undefined) => void = () => undefined;
  const reader: ScanReader = {
    decodeFromVideoDevice: vi.fn(async (_device, _video, callback) => {
      feed = (text) =>
        callback(text === undefined ? undefined : { getText: () => text });
      return { stop };
    }),
  };
  return { reader, stop, feed: (text: string | undefined) => feed(text) };
}

describe(startScanning.name, () => {
  const video = {} as HTMLVideoElement;

  it('passes each card on once while it is held up, trimmed', async () => {
    const { reader, feed } = aReader();
    let clock = 0;
    const codes: string[] = [];
    await startScanning(reader, video, (code) => codes.push(code), {
      now: () => clock,
    });
    feed(' 3F9A-0C7D-51BE-2284\n');
    clock = 200;
    feed('3F9A-0C7D-51BE-2284');
    feed(undefined);
    feed('   ');
    clock = 400;
    feed('AAAA-BBBB-CCCC-DDDD');
    expect(codes).toEqual(['3F9A-0C7D-51BE-2284', 'AAAA-BBBB-CCCC-DDDD']);
  });

  it('takes the same card again once it was put away for a while', async () => {
    const { reader, feed } = aReader();
    let clock = 0;
    const codes: string[] = [];
    await startScanning(reader, video, (code) => codes.push(code), {
      now: () => clock,
      repeatAfterMs: 1000,
    });
    feed('3F9A-0C7D-51BE-2284');
    clock = 999;
    feed('3F9A-0C7D-51BE-2284');
    clock = 2000;
    feed('3F9A-0C7D-51BE-2284');
    expect(codes).toHaveLength(2);
  });

  it('stops the camera when told to', async () => {
    const { reader, stop } = aReader();
    const halt = await startScanning(reader, video, () => undefined);
    expect(reader.decodeFromVideoDevice).toHaveBeenCalledWith(
      undefined,
      video,
      expect.any(Function),
    );
    halt();
    expect(stop).toHaveBeenCalledOnce();
  });
});
