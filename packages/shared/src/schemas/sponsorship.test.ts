// A child's record (docs/product.md#sponsorship): the programme is for children and adolescents, so a
// birth date of someone 18 or older is refused under the field in Spanish (and a future one, as before);
// a child who turned 18 in the programme keeps an editable record while the stored date is unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sponsorshipMessages as m } from '../messages/sponsorship';
import { ageOn, childEditFormSchema, childEditInputSchema, childInputSchema, sponsorshipToday } from './sponsorship';

const today = sponsorshipToday();
/** The date `years` years before today (shifted by `days`). */
function yearsAgo(years: number, days = 0): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const record = (birthDate: string) => ({ firstName: 'Ana', fullName: 'Ana Prueba', birthDate, department: 'Sololá' });
const birthDateErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).filter((i) => i.path[0] === 'birthDate').map((i) => i.message);

describe("a child's birth date", () => {
  it('refuses an adult (1990-05-01 and exactly 18 today) with a clear message on the field', () => {
    expect(birthDateErrors(childInputSchema.safeParse(record('1990-05-01')))).toEqual([m.birthDateAdult]);
    expect(ageOn(yearsAgo(18), today)).toBe(18);
    expect(birthDateErrors(childInputSchema.safeParse(record(yearsAgo(18))))).toEqual([m.birthDateAdult]);
  });

  it('accepts a child of 17 turning 18 tomorrow, and a newborn', () => {
    expect(childInputSchema.safeParse(record(yearsAgo(18, 1))).success).toBe(true);
    expect(childInputSchema.safeParse(record(today)).success).toBe(true);
  });

  it('still refuses a future date, with its own message', () => {
    expect(birthDateErrors(childInputSchema.safeParse(record(yearsAgo(0, 2))))).toEqual([m.birthDateFuture]);
  });

  it("keeps the stored date of a child who turned 18 in the programme, but refuses changing it to another adult's", () => {
    const stored = yearsAgo(18, -30);
    expect(childEditFormSchema(stored).safeParse(record(stored)).success).toBe(true);
    expect(birthDateErrors(childEditFormSchema(stored).safeParse(record('1990-05-01')))).toEqual([m.birthDateAdult]);
    // The PUT body leaves that check to the API, which knows the stored date.
    expect(childEditInputSchema.safeParse(record('1990-05-01')).success).toBe(true);
    expect(birthDateErrors(childEditInputSchema.safeParse(record(yearsAgo(0, 2))))).toEqual([m.birthDateFuture]);
  });
});

describe("the form's day is Guatemala's", () => {
  afterEach(() => vi.useRealTimers());
  it('at 23:30 on 14 March in Guatemala (the 15th in UTC), refuses a birth date of the 15th as future and counts ages by the 14th', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T23:30:00-06:00'));
    expect(sponsorshipToday()).toBe('2026-03-14');
    expect(birthDateErrors(childInputSchema.safeParse(record('2026-03-15')))).toEqual([m.birthDateFuture]);
    // Turns 18 tomorrow in Guatemala: still a child today.
    expect(childInputSchema.safeParse(record('2008-03-15')).success).toBe(true);
  });
});

describe("a child's first name (shown in public)", () => {
  const firstNameErrors = (firstName: string, fullName: string) =>
    (childInputSchema.safeParse({ ...record(yearsAgo(9)), firstName, fullName }).error?.issues ?? []).filter((i) => i.path[0] === 'firstName').map((i) => i.message);

  it('takes one or more given names, with accents, hyphens and apostrophes', () => {
    for (const [first, full] of [
      ['Lupita', 'Guadalupe Xicará Tum'],
      ['María José', 'María José García López'],
      ['José-Luis', 'José-Luis Ajcúc'],
      ['Ángeles', 'María de los Ángeles Pérez'],
    ]) {
      expect(firstNameErrors(first, full), first).toEqual([]);
    }
  });

  it('refuses digits, emails, links and handles, which the public would see', () => {
    for (const first of ['Lupita 5555-1234', 'ana@correo.gt', 'www.lupita.gt', '@lupita', 'Ana2']) {
      expect(firstNameErrors(first, 'Ana Prueba'), first).toEqual([m.firstNameLettersOnly]);
    }
  });

  it('refuses a surname of the full name, or the full name itself', () => {
    expect(firstNameErrors('Lupita Tum', 'Guadalupe Xicará Tum')).toEqual([m.firstNameHasSurname]);
    expect(firstNameErrors('Ana Prueba', 'Ana Prueba')).toEqual([m.firstNameHasSurname]);
    expect(firstNameErrors('ANA PRUEBA', 'Ana Prueba')).toEqual([m.firstNameHasSurname]);
  });
});
