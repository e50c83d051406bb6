// One length rule for a person's name wherever an account's name is typed (docs/product.md#validation-rules):
// registration allowed 50 and the profile 100, so a name saved in the profile could not be typed again elsewhere.
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../constants';
import { validationMessages as v } from '../messages/validation';
import { adminUserInputSchema } from './admin';
import { registerSchema } from './auth';
import { updateProfileSchema } from './profile';

const longest = 'a'.repeat(NAME_MAX_LENGTH);
const tooLong = 'a'.repeat(NAME_MAX_LENGTH + 1);
const registration = (name: string) => ({ name, email: 'ana@correo.gt', password: 'Segura123', confirmPassword: 'Segura123', acceptTerms: true });
const profile = (first_name: string, last_name = 'Morales') => ({ first_name, last_name });
const adminUser = (first_name: string, last_name = 'Morales') => ({ email: 'ana@correo.gt', first_name, last_name, role: 'USER' });

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('a name has one maximum length', () => {
  it('is 100 characters', () => expect(NAME_MAX_LENGTH).toBe(100));

  it('registration, the profile and the users screen all take a name of the maximum length', () => {
    expect(registerSchema.safeParse(registration(longest)).success).toBe(true);
    expect(updateProfileSchema.safeParse(profile(longest, longest)).success).toBe(true);
    expect(adminUserInputSchema.safeParse(adminUser(longest, longest)).success).toBe(true);
  });

  it('all three refuse one character more, with the same message', () => {
    expect(messagesOf(registerSchema.safeParse(registration(tooLong)), 'name')).toEqual([v.nameMax]);
    expect(messagesOf(updateProfileSchema.safeParse(profile(tooLong)), 'first_name')).toEqual([v.nameMax]);
    expect(messagesOf(adminUserInputSchema.safeParse(adminUser(tooLong)), 'first_name')).toEqual([v.nameMax]);
    expect(messagesOf(updateProfileSchema.safeParse(profile('Ana', tooLong)), 'last_name')).toEqual([v.lastNameMax]);
    expect(messagesOf(adminUserInputSchema.safeParse(adminUser('Ana', tooLong)), 'last_name')).toEqual([v.lastNameMax]);
    expect(v.nameMax).toBe('El nombre no puede tener más de 100 caracteres');
  });
});
