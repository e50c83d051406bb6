import { describe, expect, it } from 'vitest';
import { dashboardScreenFor } from './routes/dashboard-screen';
import { dashboardRole, navigationFor } from './navigation';

const labels = (roles: string[]) => navigationFor(roles).map((i) => i.label);
const targets = (roles: string[]) => navigationFor(roles).map((i) => i.to);

describe('navigation per role (docs/product.md#screens-and-routes)', () => {
  it('ADMIN: Panel Admin, Usuarios, Donaciones, Reportes, Configuración', () => {
    expect(labels(['ADMIN'])).toEqual(['Panel Admin', 'Usuarios', 'Donaciones', 'Reportes', 'Configuración']);
    expect(targets(['ADMIN'])).toEqual(['/dashboard', '/admin/users', '/admin/donations', '/admin/reports', '/admin/settings']);
  });

  it('DONOR: Mi Panel, Mis Donaciones, Nuevo Donativo, Perfil, Historial', () => {
    expect(labels(['DONOR'])).toEqual(['Mi Panel', 'Mis Donaciones', 'Nuevo Donativo', 'Perfil', 'Historial']);
    expect(targets(['DONOR'])).toEqual(['/dashboard', '/donor/donations', '/donate', '/donor/profile', '/donor/history']);
  });

  it('USER: Mi Panel, Ver Donaciones, Estadísticas, Perfil', () => {
    expect(labels(['USER'])).toEqual(['Mi Panel', 'Ver Donaciones', 'Estadísticas', 'Perfil']);
    expect(targets(['USER'])).toEqual(['/dashboard', '/donations', '/stats', '/settings']);
  });

  it('compares roles in upper case and treats unknown or missing roles as USER', () => {
    expect(dashboardRole(['admin'])).toBe('ADMIN');
    expect(dashboardRole(['Donor'])).toBe('DONOR');
    expect(dashboardRole(['VOLUNTEER'])).toBe('USER');
    expect(dashboardRole([])).toBe('USER');
    expect(dashboardRole(undefined)).toBe('USER');
    expect(labels(['superuser'])).toEqual(labels(['USER']));
  });

  it('an admin who also donated keeps the admin navigation', () => {
    expect(dashboardRole(['ADMIN', 'DONOR'])).toBe('ADMIN');
  });
});

describe('the dashboard screen picks its body by role and path', () => {
  it('ADMIN gets users, donations, reports or settings by path, otherwise the admin dashboard', () => {
    expect(dashboardScreenFor(['ADMIN'], '/admin/users')).toBe('admin-users');
    expect(dashboardScreenFor(['ADMIN'], '/admin/donations')).toBe('admin-donations');
    expect(dashboardScreenFor(['ADMIN'], '/admin/reports/')).toBe('admin-reports');
    expect(dashboardScreenFor(['ADMIN'], '/admin/settings')).toBe('settings');
    expect(dashboardScreenFor(['ADMIN'], '/dashboard')).toBe('admin-dashboard');
  });

  it('DONOR always gets the donor dashboard', () => {
    for (const path of ['/dashboard', '/admin/users', '/admin/settings']) expect(dashboardScreenFor(['DONOR'], path)).toBe('donor-dashboard');
  });

  it('anyone else gets the user dashboard', () => {
    expect(dashboardScreenFor(['USER'], '/dashboard')).toBe('user-dashboard');
    expect(dashboardScreenFor(['AUDITOR'], '/admin/users')).toBe('user-dashboard');
    expect(dashboardScreenFor([], '/dashboard')).toBe('user-dashboard');
  });
});
