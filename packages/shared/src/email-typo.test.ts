import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-typo';

describe('suggestEmail', () => {
  it('offers the known provider a domain is one or two slips away from', () => {
    expect(suggestEmail('maria@gmial.com')).toBe('maria@gmail.com');
    expect(suggestEmail('maria@gmail.con')).toBe('maria@gmail.com');
    expect(suggestEmail(' ana.lopez@hotmial.com ')).toBe('ana.lopez@hotmail.com');
    expect(suggestEmail('ana@outlok.com')).toBe('ana@outlook.com');
    expect(suggestEmail('ana@Yaho.com')).toBe('ana@yahoo.com');
  });

  it('says nothing for a known domain, one nothing like a known one, or what is not an address', () => {
    for (const email of ['ana@gmail.com', 'ana@mail.com', 'ana@email.com', 'ana@live.com', 'ana@fundacion.org.gt', 'ana@uvg.edu.gt', 'ana@gmail', 'gmail.com', '@gmial.com', '']) {
      expect(suggestEmail(email), email).toBeNull();
    }
  });
});
