// Images whose header declares more pixels than a slip can have are refused by that header, before
// any pixel is decoded: a few kilobytes of HEIC declaring 6000x6000 held the API for 14 s while
// heic-convert decoded it on the main thread.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { processSlipFile } from '../../src/domain/deposits/deposits';

const e = depositMessages.errors;
const fixture = () => readFileSync(new URL('../fixtures/deposit-slip.heic', import.meta.url));

/** The HEIC fixture with its declared size (every `ispe` box) changed, as a hostile file would claim. */
function heicDeclaring(width: number, height: number): Buffer {
  const file = Buffer.from(fixture());
  for (let at = file.indexOf('ispe'); at >= 0; at = file.indexOf('ispe', at + 1)) {
    file.writeUInt32BE(width, at + 8);
    file.writeUInt32BE(height, at + 12);
  }
  return file;
}

/** A PNG whose header says width x height, with one tiny compressed row: a decompression bomb's header. */
function pngDeclaring(width: number, height: number): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return (~c >>> 0) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))), chunk('IEND', Buffer.alloc(0))]);
}

describe('slip images by their declared size', () => {
  it('a HEIC declaring 6000x6000 is refused by its header, in Spanish, without holding the event loop', async () => {
    const bomb = heicDeclaring(6000, 6000);
    expect(bomb.length).toBeLessThan(10_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await expect(processSlipFile(bomb)).rejects.toThrow(e.imageTooManyPixels(16));
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it('a PNG declaring 20000x20000 is refused by its header', async () => {
    await expect(processSlipFile(pngDeclaring(20_000, 20_000))).rejects.toThrow(e.imageTooManyPixels(50));
  });

  it('a real HEIC photo is still decoded (off the main thread) and kept as JPEG with a preview', async () => {
    const kept = await processSlipFile(fixture());
    expect(kept.contentType).toBe('image/jpeg');
    expect(kept.preview).not.toBeNull();
  });
});
