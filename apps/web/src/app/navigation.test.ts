import { describe, expect, it } from 'vitest';
import { dashboardScreenFor } from './routes/dashboard-screen';
import { dashboardRole, navigationFor, startPathFor } from './navigation';

const labels = (roles: string[]) => navigationFor(roles).map((i) => i.label);
const targets = (roles: string[]) => navigationFor(roles).map((i) => i.to);

describe('navigation per role (docs/product.md#screens-and-routes)', () => {
  it('ADMIN: Panel Admin, Usuarios, Donaciones, Mensuales, Donantes, Conciliación, Reportes, Contabilidad, Apadrinamiento, Cartas, Configuración', () => {
    expect(labels(['ADMIN'])).toEqual(['Panel Admin', 'Usuarios', 'Donaciones', 'Mensuales', 'Donantes', 'Conciliación', 'Reportes', 'Contabilidad', 'Apadrinamiento', 'Cartas', 'Configuración']);
    expect(targets(['ADMIN'])).toEqual(['/dashboard', '/admin/users', '/admin/donations', '/admin/monthly-gifts', '/admin/donantes', '/admin/bank-statements', '/admin/reports', '/admin/contabilidad', '/admin/apadrinamiento', '/admin/cartas', '/admin/settings']);
  });

  it('DONOR: Mi panel, Mis donaciones, Donaciones mensuales, Historial, Recibos, Donar, Perfil', () => {
    expect(labels(['DONOR'])).toEqual(['Mi panel', 'Mis donaciones', 'Donaciones mensuales', 'Mi ahijado/a', 'Historial', 'Recibos', 'Donar', 'Perfil']);
    expect(targets(['DONOR'])).toEqual(['/dashboard', '/donor/donations', '/donor/monthly-gifts', '/donor/ahijado', '/donor/history', '/donor/receipts', '/donate', '/donor/profile']);
  });

  it('USER: Mi panel, Mis donaciones, Donaciones, Estadísticas, Donar, Perfil (the same words and order as a donor)', () => {
    expect(labels(['USER'])).toEqual(['Mi panel', 'Mis donaciones', 'Donaciones', 'Estadísticas', 'Donar', 'Perfil']);
    // "Perfil" leads where a donor's does, the page titled "Mi perfil" that the checkout's thank-you names.
    expect(targets(['USER'])).toEqual(['/dashboard', '/donor/donations', '/donations', '/stats', '/donate', '/donor/profile']);
    const donor = labels(['DONOR']);
    expect(labels(['USER']).filter((l) => donor.includes(l))).toEqual(['Mi panel', 'Mis donaciones', 'Donar', 'Perfil']);
  });

  it('USER with a sponsorship (a first payment on its way, or one that ended): Mi ahijado/a before Donar', () => {
    expect(navigationFor(['USER'], { sponsor: true }).map((i) => i.to)).toEqual(['/dashboard', '/donor/donations', '/donations', '/stats', '/donor/ahijado', '/donate', '/donor/profile']);
    expect(navigationFor(['USER'], { sponsor: false }).map((i) => i.to)).not.toContain('/donor/ahijado');
    // A donor always has the entry, and only once.
    expect(navigationFor(['DONOR'], { sponsor: true }).filter((i) => i.to === '/donor/ahijado')).toHaveLength(1);
  });

  it('staff roles: the console items their permissions open, and the organisation dashboard only with reports', () => {
    expect(targets(['FINANCE'])).toEqual(['/dashboard', '/admin/donations', '/admin/monthly-gifts', '/admin/donantes', '/admin/bank-statements', '/admin/reports', '/admin/contabilidad', '/admin/settings']);
    expect(targets(['COMMUNICATIONS'])).toEqual(['/dashboard', '/admin/reports', '/admin/settings']);
    expect(targets(['VOLUNTEER'])).toEqual(['/admin/donations', '/admin/monthly-gifts', '/admin/settings']);
    expect(targets(['VOLUNTEER', 'DONOR'])).toEqual(['/admin/donations', '/admin/monthly-gifts', '/admin/settings']);
    expect(targets(['COMMUNICATIONS', 'VOLUNTEER'])).toEqual(['/dashboard', '/admin/donations', '/admin/monthly-gifts', '/admin/reports', '/admin/settings']);
    expect(targets(['SPONSORSHIP'])).toEqual(['/admin/apadrinamiento', '/admin/cartas', '/admin/settings']);
    expect(dashboardScreenFor(['FINANCE'])).toBe('admin-dashboard');
    expect(dashboardScreenFor(['COMMUNICATIONS'])).toBe('admin-dashboard');
  });

  it('compares roles in upper case and treats unknown or missing roles as USER', () => {
    expect(dashboardRole(['admin'])).toBe('ADMIN');
    expect(dashboardRole(['Donor'])).toBe('DONOR');
    expect(dashboardRole(['SUPERVISOR'])).toBe('USER');
    expect(dashboardRole([])).toBe('USER');
    expect(dashboardRole(undefined)).toBe('USER');
    expect(labels(['superuser'])).toEqual(labels(['USER']));
  });

  it('an admin who also donated keeps the admin navigation', () => {
    expect(dashboardRole(['ADMIN', 'DONOR'])).toBe('ADMIN');
  });
});

describe('/dashboard picks its body by role', () => {
  it('ADMIN gets the admin dashboard, also when they donated', () => {
    expect(dashboardScreenFor(['ADMIN'])).toBe('admin-dashboard');
    expect(dashboardScreenFor(['ADMIN', 'DONOR'])).toBe('admin-dashboard');
  });

  it('DONOR gets the donor dashboard', () => {
    expect(dashboardScreenFor(['DONOR'])).toBe('donor-dashboard');
  });

  it('anyone else gets the user dashboard', () => {
    expect(dashboardScreenFor(['USER'])).toBe('user-dashboard');
    expect(dashboardScreenFor(['AUDITOR'])).toBe('user-dashboard');
    expect(dashboardScreenFor([])).toBe('user-dashboard');
  });
});

describe('each role starts on its own screen (signing in, "Mi panel", "Ir a mi panel")', () => {
  it('the organisation dashboard for staff who may read reports, whatever their other roles', () => {
    for (const roles of [['ADMIN'], ['FINANCE'], ['COMMUNICATIONS'], ['VOLUNTEER', 'FINANCE'], ['SPONSORSHIP', 'COMMUNICATIONS'], ['ADMIN', 'DONOR']]) {
      expect(startPathFor(roles), roles.join()).toBe('/dashboard');
    }
  });

  it('the review queue for a volunteer, the children\'s records for sponsorship staff, by the main role first', () => {
    expect(startPathFor(['VOLUNTEER'])).toBe('/admin/donations');
    expect(startPathFor(['VOLUNTEER', 'DONOR'])).toBe('/admin/donations');
    expect(startPathFor(['SPONSORSHIP'])).toBe('/admin/apadrinamiento');
    expect(startPathFor(['SPONSORSHIP', 'VOLUNTEER'])).toBe('/admin/apadrinamiento');
    expect(startPathFor(['VOLUNTEER', 'SPONSORSHIP'])).toBe('/admin/donations');
  });

  it('their own panel for donors, plain accounts and unknown roles', () => {
    for (const roles of [['DONOR'], ['USER'], ['DONOR', 'USER'], ['SUPERVISOR'], []]) expect(startPathFor(roles)).toBe('/dashboard');
    expect(startPathFor(undefined)).toBe('/dashboard');
  });
});
