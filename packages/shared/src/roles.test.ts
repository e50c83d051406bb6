import { describe, expect, it } from 'vitest';
import { hasAnyRole, hasRole, mainRole, normalizeRoles, rolesWithMain, withRole } from './roles';

describe('roles', () => {
  it('normalizes: upper case, unknown roles as USER, no duplicates, order kept', () => {
    expect(normalizeRoles([' donor', 'Admin', 'guest', 'USER', 'DONOR'])).toEqual(['DONOR', 'ADMIN', 'USER']);
    expect(normalizeRoles(null)).toEqual([]);
  });

  it('the main role is the first one, USER when there is none', () => {
    expect(mainRole(['DONOR', 'USER'])).toBe('DONOR');
    expect(mainRole(['superuser'])).toBe('USER');
    expect(mainRole([])).toBe('USER');
    expect(mainRole(undefined)).toBe('USER');
  });

  it('checks roles case-insensitively', () => {
    expect(hasRole(['admin'], 'ADMIN')).toBe(true);
    expect(hasRole(['DONOR', 'USER'], 'ADMIN')).toBe(false);
    expect(hasAnyRole(['donor'], ['ADMIN', 'donor'])).toBe(true);
    expect(hasAnyRole(['USER'], ['ADMIN'])).toBe(false);
  });

  it('a chosen main role keeps only the lower-ranked roles the account had', () => {
    expect(rolesWithMain('USER', ['ADMIN', 'DONOR', 'USER'])).toEqual(['USER']);
    expect(rolesWithMain('ADMIN', ['DONOR', 'USER'])).toEqual(['ADMIN', 'DONOR', 'USER']);
    expect(rolesWithMain('DONOR', ['ADMIN', 'USER'])).toEqual(['DONOR', 'USER']);
    expect(rolesWithMain('ADMIN')).toEqual(['ADMIN']);
  });

  it('adds a role in rank order, after the higher-ranked ones', () => {
    expect(withRole(['USER'], 'DONOR')).toEqual(['DONOR', 'USER']);
    expect(withRole(['ADMIN', 'USER'], 'DONOR')).toEqual(['ADMIN', 'DONOR', 'USER']);
    expect(withRole(['ADMIN'], 'DONOR')).toEqual(['ADMIN', 'DONOR']);
    expect(withRole(['DONOR', 'USER'], 'DONOR')).toEqual(['DONOR', 'USER']);
    expect(withRole([], 'DONOR')).toEqual(['DONOR']);
  });
});
