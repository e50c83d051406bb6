// Whether the dialogs say the donor is emailed, from the donor's email as the API shows it to each role
// (apps/api/test/giving/staff-contact-masking.test.ts and anonymous-to-staff.test.ts prove what each is shown).
import { describe, expect, it } from 'vitest';
import { emailsDonor } from './donor-email';

describe('emailsDonor', () => {
  it('reads the full email of staff with donors.read: an empty one is a gift entered without it', () => {
    for (const roles of [['ADMIN'], ['FINANCE']]) {
      expect(emailsDonor({ donor_email: 'lucia@correo.gt', donor_anonymous: false }, roles)).toBe(true);
      expect(emailsDonor({ donor_email: '', donor_anonymous: false }, roles)).toBe(false);
      expect(emailsDonor({ donor_email: '  ', donor_anonymous: true }, roles)).toBe(false);
    }
  });

  it('reads the masked email of staff without donors.read: masked is an email, empty only when there is none', () => {
    expect(emailsDonor({ donor_email: 'l***@correo.gt', donor_anonymous: false }, ['VOLUNTEER'])).toBe(true);
    expect(emailsDonor({ donor_email: '', donor_anonymous: false }, ['VOLUNTEER'])).toBe(false);
    // "Anónimo" with no email is shown to them whether the gift has one or not: it is not taken for a gift without one.
    expect(emailsDonor({ donor_email: '', donor_anonymous: true }, ['VOLUNTEER'])).toBe(true);
  });
});
