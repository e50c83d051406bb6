// The staff gift schema (docs/product.md#staff-gift-entry): each method's details on their own field,
// every requirement reported at once, blanks read as absent, no day in the future.
import { describe, expect, it } from 'vitest';
import { guatemalaDay } from '../format';
import { giftEntryMessages as g } from '../messages/gift-entry';
import { staffGiftSchema } from './gift-entry';

const today = guatemalaDay(new Date());
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = staffGiftSchema.safeParse({ receivedOn: today, method: 'cash', amount: 100, ...input });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('staffGiftSchema', () => {
  it('reads blanks as absent and keeps a new donor with only a name', () => {
    const parsed = staffGiftSchema.parse({ donorName: ' Ana Soto ', donorEmail: '', donorPhone: '', nit: '', programId: '', note: '  ', receivedOn: today, method: 'cash', amount: 50 });
    expect(parsed).toMatchObject({ donorId: null, donorName: 'Ana Soto', donorEmail: null, donorPhone: null, nit: null, programId: null, note: null, currency: 'GTQ', completed: false });
  });

  it('asks each method for its own details, every field at once even while the amount is wrong', () => {
    expect(errorsOf({ donorName: 'Ana', method: 'cheque', amount: Number.NaN })).toMatchObject({
      chequeNumber: g.chequeNumberRequired,
      chequeBank: g.chequeBankRequired,
      amount: expect.any(String),
    });
    expect(errorsOf({ donorName: 'Ana', method: 'transfer', reference: '  ' })).toEqual({ reference: g.referenceRequired });
    expect(errorsOf({ donorName: 'Ana', method: 'deposit' })).toEqual({ reference: g.referenceRequired });
    expect(errorsOf({ donorName: 'Ana', method: 'in_kind' })).toEqual({ inKindDescription: g.inKindDescriptionRequired, valuationBasis: g.valuationBasisRequired });
    expect(errorsOf({ donorName: 'Ana', method: 'tarjeta' })).toMatchObject({ method: g.methodRequired });
  });

  it('needs a name for a new donor, not for one chosen from Donantes', () => {
    expect(errorsOf({})).toEqual({ donorName: g.donorNameRequired });
    expect(errorsOf({ donorId: 12 })).toEqual({});
  });

  it('refuses a day in the future and a NIT that fails its check digit', () => {
    const tomorrow = guatemalaDay(new Date(Date.now() + 2 * 86_400_000));
    expect(errorsOf({ donorName: 'Ana', receivedOn: tomorrow })).toEqual({ receivedOn: g.receivedOnFuture });
    expect(errorsOf({ donorName: 'Ana', receivedOn: '' })).toEqual({ receivedOn: g.receivedOnRequired });
    // A year mistyped (0202, 1026) would date the gift centuries back; the first day taken is 01/01/2000.
    expect(errorsOf({ donorName: 'Ana', receivedOn: '0202-11-03' })).toEqual({ receivedOn: 'La fecha en que se recibió debe estar entre el 01/01/2000 y hoy' });
    expect(errorsOf({ donorName: 'Ana', receivedOn: '1999-12-31' })).toEqual({ receivedOn: g.receivedOnTooEarly });
    expect(errorsOf({ donorName: 'Ana', receivedOn: '2000-01-01' })).toEqual({});
    expect(Object.keys(errorsOf({ donorName: 'Ana', nit: '576937-1' }))).toEqual(['nit']);
    expect(errorsOf({ donorName: 'Ana', nit: '576937-k' })).toEqual({});
  });

  it('refuses a donor or programme id past the database\'s integer on its field', () => {
    expect(Object.keys(errorsOf({ donorId: 2 ** 31 }))).toContain('donorId');
    expect(Object.keys(errorsOf({ donorName: 'Ana', programId: 2 ** 31 }))).toEqual(['programId']);
  });

  it('refuses a body that is not an object without its per-field checks throwing', () => {
    for (const body of [null, [], 7, 'regalo']) expect(staffGiftSchema.safeParse(body).success).toBe(false);
  });
});
