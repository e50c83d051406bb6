// Every route path of the web app (docs/product.md#screens-and-routes). Never retype a path string:
// import it from here (`@/lib/paths`; features may not import app/), and build links to
// parameterised routes with the helpers.

export const paths = {
  home: '/',
  donations: '/donations',
  donationNew: '/donations/new',
  donationDetail: '/donations/:id',
  donate: '/donate',
  /** Where the payment provider's checkout returns (success_url / cancel_url, `?ref=` and `&cancelado=1`). */
  donateResult: '/donate/resultado',
  stats: '/stats',
  terms: '/terms',
  privacy: '/privacy',

  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',

  dashboard: '/dashboard',
  adminUsers: '/admin/users',
  adminDonations: '/admin/donations',
  adminDonationDetail: '/admin/donations/:id',
  /** "Donaciones mensuales" (docs/product.md#monthly-giving): the staff list and a gift's detail. */
  adminMonthlyGifts: '/admin/monthly-gifts',
  adminPaymentProblems: '/admin/pagos',
  adminMonthlyGiftDetail: '/admin/monthly-gifts/:id',
  /** "Donantes" (docs/product.md#donors): the donor records and a donor's page. */
  adminDonors: '/admin/donantes',
  adminDonorDetail: '/admin/donantes/:id',
  /** "Posibles duplicados" (donors.manage): merge with preview. */
  adminDonorDuplicates: '/admin/donantes/duplicados',
  /** "Importar" (donors.manage, docs/product.md#imports): donors, past gifts and monthly donors from a spreadsheet. */
  adminImport: '/admin/donantes/importar',
  /** "Conciliación bancaria" (docs/product.md#bank-deposits): statement import and matches. */
  adminBankStatements: '/admin/bank-statements',
  adminReports: '/admin/reports',
  /** "Contabilidad" (docs/product.md#the-register-and-the-close): the register and the monthly close. */
  adminRegister: '/admin/contabilidad',
  adminSettings: '/admin/settings',
  /** "Cartas" (sponsorship.manage, docs/product.md#sponsorship-letters): the letters queue, replies and the print PDF. */
  adminLetters: '/admin/cartas',
  settings: '/settings',

  /** Aliases that lead to /dashboard (docs/product.md#accounts-and-sessions). */
  adminDashboardAlias: '/admin-dashboard',
  donorDashboardAlias: '/donor-dashboard',
  userDashboardAlias: '/user-dashboard',

  donorDonations: '/donor/donations',
  /** One of the donor's own gifts inside the donor area ("Mis donaciones" current), where a pending one is cancelled. */
  donorDonationDetail: '/donor/donations/:id',
  /** One of the signed-in donor's deposits: its slip upload and status, inside the donor area. */
  donorDepositSlip: '/donor/donations/:id/boleta',
  donorProfile: '/donor/profile',
  donorHistory: '/donor/history',
  donorReceipts: '/donor/receipts',
  donorPrograms: '/donor/programs',
  /** "Mis donaciones mensuales" (docs/product.md#monthly-giving). */
  donorMonthlyGifts: '/donor/monthly-gifts',
  /** A sponsor's letters with their child (docs/product.md#sponsorship-letters). */
  sponsorLetters: '/donor/ahijado/:sponsorshipId/cartas',
  /** A monthly gift seen and cancelled without signing in, from the signed link of its emails (`?token=`). */
  manageMonthlyGift: '/donacion-mensual',
  /** "Apadrina" (docs/product.md#sponsorship): the waiting children, a child's profile, the held place's form. */
  apadrina: '/apadrina',
  apadrinaStart: '/apadrina/reserva',
  /** The signed link of a sponsor without an account whose child left: the same choice as "Mi ahijado/a". */
  apadrinaChoice: '/apadrina/eleccion',
  apadrinaChild: '/apadrina/:id',
  /** "Mi ahijado/a": the sponsor's children. */
  donorSponsorships: '/donor/ahijado',
  /** "Apadrinamiento" (sponsorship.manage): the children's records, and one child's. */
  adminSponsorship: '/admin/apadrinamiento',
  adminSponsorshipChild: '/admin/apadrinamiento/:id',
  /**
   * A bank deposit's slip upload and status (docs/product.md#bank-deposits) by `?token=` from its email;
   * `?donacion=` (links made before the donor area had its own) leads to donorDepositSlip.
   */
  depositSlip: '/boleta',

  notFound: '*',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `/donate?frecuencia=mensual`: "Dona cada mes" opens the checkout with "Cada mes" chosen. */
export const FREQUENCY_PARAM = 'frecuencia';
export const MONTHLY_FREQUENCY = 'mensual';
export const sponsorPath = `${paths.donate}?${FREQUENCY_PARAM}=${MONTHLY_FREQUENCY}`;

/** `?pestana=` opens a tab of the settings screen first: `seguridad` or `preferencias`. */
export const SETTINGS_TAB_PARAM = 'pestana';
/** `/donor/profile?pestana=preferencias`: "Mi perfil" on its Preferencias tab (the email switches). */
export const profilePreferencesPath = `${paths.donorProfile}?${SETTINGS_TAB_PARAM}=preferencias`;

/** `/donor/ahijado/3/cartas`: a sponsor's letters with the child of sponsorship 3. */
export function sponsorLettersPath(sponsorshipId: number | string): string {
  return paths.sponsorLetters.replace(':sponsorshipId', encodeURIComponent(String(sponsorshipId)));
}

/** `/admin/donations/42`: a donation seen inside the admin console. */
export function adminDonationDetailPath(id: number | string): string {
  return paths.adminDonationDetail.replace(':id', encodeURIComponent(String(id)));
}

/** `/admin/monthly-gifts/7`: a monthly gift seen inside the admin console. */
export function adminMonthlyGiftDetailPath(id: number | string): string {
  return paths.adminMonthlyGiftDetail.replace(':id', encodeURIComponent(String(id)));
}

/** `/admin/donantes/12`: a donor's page inside the admin console. */
export function adminDonorDetailPath(id: number | string): string {
  return paths.adminDonorDetail.replace(':id', encodeURIComponent(String(id)));
}

/** `/donations/42` */
export function donationDetailPath(id: number | string): string {
  return paths.donationDetail.replace(':id', encodeURIComponent(String(id)));
}

/** `/donor/donations/42`: the signed-in donor's own gift, in the donor area. */
export function donorDonationDetailPath(id: number | string): string {
  return paths.donorDonationDetail.replace(':id', encodeURIComponent(String(id)));
}

/** `/donor/donations/12/boleta`: the slip upload of one of the signed-in donor's deposits, in the donor area. */
export const depositSlipPath = (donationId: number | string) => paths.donorDepositSlip.replace(':id', encodeURIComponent(String(donationId)));

/** `/admin/cartas?respuesta=7`: the letters page with a reply for sponsorship 7 ready to be typed. */
export const REPLY_PARAM = 'respuesta';
export const adminReplyPath = (sponsorshipId: number) => `${paths.adminLetters}?${REPLY_PARAM}=${sponsorshipId}`;

/** `/apadrina/3`: the public profile of waiting child 3. */
export function apadrinaChildPath(id: number | string): string {
  return paths.apadrinaChild.replace(':id', encodeURIComponent(String(id)));
}

/** `/admin/apadrinamiento/3`: the staff's record of child 3. */
export function adminSponsorshipChildPath(id: number | string): string {
  return paths.adminSponsorshipChild.replace(':id', encodeURIComponent(String(id)));
}
