// A reason typed by staff or sent by the provider sits inside the donor's email as one sentence: a
// reason that brings its own full stop does not get a second one.
import { describe, expect, it } from 'vitest';
import { paymentMessages as pm } from '../../src/messages/payments';
import { monthlyApiMessages as mm } from '../../src/messages/monthly';

const texts = (reason: string) => [
  pm.failedText('Ana', 'Q100.00', '#MG1', reason, 'https://ejemplo.org/x'),
  pm.refundedText('Ana', 'Q100.00', '#MG1', reason),
  mm.pastDueText('Ana', 'Q100.00', reason, 'https://ejemplo.org/x'),
  mm.cancelledText('Ana', 'Q100.00', reason, 'https://ejemplo.org/x'),
];

describe('reasons inside the donor emails', () => {
  it('end with one full stop, whether or not the reason brought one', () => {
    for (const text of [...texts('Cargo duplicado.'), ...texts('Cargo duplicado')]) {
      expect(text).toContain('Cargo duplicado.');
      expect(text).not.toContain('..');
    }
  });
});
