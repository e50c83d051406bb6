// Images whose header declares more pixels than a slip can have are refused by that header, before
// any pixel is decoded: a few kilobytes of HEIC declaring 6000x6000 held the API for 14 s while
// heic-convert decoded it on the main thread.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { processSlipFile } from '../../src/domain/deposits/slip-files';
import { fixture, heicDeclaring, pngDeclaring } from '../support/hostile-files';

const e = depositMessages.errors;

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
