// Files an attacker sends as deposit slips: image headers that declare far more pixels than the
// file holds (decompression bombs), built here from the HEIC fixture and by hand.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** test/fixtures/deposit-slip.heic: a real 64x48 HEIC photo. */
export const fixture = () => readFileSync(new URL('../fixtures/deposit-slip.heic', import.meta.url));

/** The HEIC fixture with its declared size (every `ispe` box) changed, as a hostile file would claim. */
export function heicDeclaring(width: number, height: number): Buffer {
  const file = Buffer.from(fixture());
  for (let at = file.indexOf('ispe'); at >= 0; at = file.indexOf('ispe', at + 1)) {
    file.writeUInt32BE(width, at + 8);
    file.writeUInt32BE(height, at + 12);
  }
  return file;
}

/** A PNG whose header says width x height, with one tiny compressed row: a decompression bomb's header. */
export function pngDeclaring(width: number, height: number): Buffer {
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
