// Texts of the web shell: layouts, navigation, role labels, error screens, HTTP failures.
import { ADMIN_STATUS_LABELS } from './donations';

export const appMessages = {
  version: '1.0.0',
  copyright: (year: number | string, org: string) => `© ${year} ${org}. Todos los derechos reservados.`,
  versionLabel: 'Versión 1.0.0',
  underConstruction: 'Esta sección está en construcción.',
  loading: 'Cargando...',
  retry: 'Reintentar',
  maintenanceBanner: 'El sitio está en mantenimiento. Por ahora no podemos recibir donaciones nuevas.',
} as const;

/**
 * The donor area's receipts page (/donor/receipts) by one name wherever it is named: its menu entry, its
 * heading, the dashboard's link, the checkout's thank-you and the receipt emails.
 */
export const RECEIPTS_PAGE_NAME = 'Recibos';

/**
 * A donor's own settings page (/donor/profile, tabs Perfil Personal, Preferencias, Seguridad) by one name
 * wherever it is named: its heading, the dashboard's link, and the checkout's thank-you that links it.
 */
export const PROFILE_PAGE_NAME = 'Mi perfil';

// A donor's panel and own gifts are named as their pages' titles and the header's button write them.
const DASHBOARD = 'Mi panel';
const MY_DONATIONS = 'Mis donaciones';

export const navMessages = {
  home: 'Inicio',
  donations: 'Donaciones',
  donate: 'Donar',
  stats: 'Estadísticas',
  login: 'Iniciar sesión',
  dashboard: DASHBOARD,
  logout: 'Salir',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  // Sponsorship's menu entries live here, not in its own texts, so that every page's first load does
  // not carry the sponsorship screens' words.
  sponsorPublic: 'Apadrina',
  sponsorshipStaff: 'Apadrinamiento',
  letters: 'Cartas',
  myChild: 'Mi ahijado/a',
  admin: ['Panel Admin', 'Usuarios', 'Donaciones', 'Reportes', 'Configuración'],
  /**
   * A donor's and a plain member's menus share their words and order: panel, their own donations, ..., Donar,
   * Perfil. A plain account has "Mis donaciones" too: its pending deposits live there before any completes.
   */
  donor: [DASHBOARD, MY_DONATIONS, 'Historial', RECEIPTS_PAGE_NAME, 'Donar', 'Perfil'],
  user: [DASHBOARD, MY_DONATIONS, 'Donaciones', 'Estadísticas', 'Donar', 'Perfil'],
} as const;

export const notFoundMessages = {
  title: 'Página no encontrada',
  body: 'La página que buscas no existe o fue movida.',
  goHome: 'Ir al inicio',
  goBack: 'Volver atrás',
} as const;

export const errorScreenMessages = {
  title: 'Algo salió mal',
  body: 'Ocurrió un error inesperado. Puedes intentar de nuevo o recargar la página.',
  tryAgain: 'Intentar de nuevo',
  refresh: 'Recargar la página',
} as const;

export const shellMessages = {
  brandFallback: 'Donaciones',
  brandTagline: 'Niñez y adolescencia de Guatemala',
  skipToContent: 'Saltar al contenido',
  mainNav: 'Navegación principal',
  dashboardNav: 'Navegación del panel',
  menu: 'Menú',
  signedInAs: 'Sesión iniciada como',
  footerAbout: 'Cada donación acompaña a niñas, niños y adolescentes de Guatemala con alimentación, formación y oportunidades para seguir estudiando.',
  footerExplore: 'Explora',
  footerLegal: 'Legal',
  terms: 'Términos de uso',
  privacy: 'Política de privacidad',
  close: 'Cerrar',
  loggingOut: 'Saliendo...',
  pageLoading: 'Cargando página...',
  errorStateTitle: 'No pudimos cargar esta información',
  tableEmpty: 'No hay datos para mostrar.',
  selectPlaceholder: 'Selecciona una opción',
  optional: '(opcional)',
  requiredMark: 'obligatorio',
  notFoundCode: 'Error 404',
  backToSite: 'Volver al sitio',
  siteLoadFailed: 'No pudimos cargar la información del sitio.',
  siteRetryLabel: 'Volver a cargar la información del sitio',
  /** The footer's support line, by the organisation's name (its settings), never the system's. */
  support: (organization: string) => `Soporte de ${organization}:`,
  adminStatus: ADMIN_STATUS_LABELS,
} as const;

export const httpMessages = {
  sessionExpired: 'Sesión expirada. Por favor inicia sesión nuevamente.',
  badRequest: 'Solicitud inválida',
  forbidden: 'Acceso prohibido',
  notFound: 'Recurso no encontrado',
  tooManyRequests: 'Demasiadas solicitudes. Por favor intenta más tarde.',
  /** A 429 that said how long to wait (Retry-After), in whole minutes (format.ts minutesToWait). */
  tooManyRequestsIn: (minutes: number) => `Demasiadas solicitudes. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  serverError: 'Error del servidor. Por favor intenta más tarde.',
  generic: 'Ocurrió un error',
  network: 'Error de red. Por favor verifica tu conexión.',
} as const;

/** The page a signed-in person sees on a staff screen their roles do not open. */
export const noPermissionMessages = {
  title: 'No tienes permiso para ver esta página',
  description: 'Tu rol en el equipo no incluye esta sección. Si la necesitas, pide a una persona administradora que te la asigne.',
  back: 'Ir a mi panel',
} as const;

export const rolesMessages = {
  ADMIN: 'Administrador',
  FINANCE: 'Finanzas',
  COMMUNICATIONS: 'Comunicación',
  SPONSORSHIP: 'Apadrinamiento',
  VOLUNTEER: 'Voluntariado',
  DONOR: 'Donante',
  USER: 'Usuario',
} as const;
