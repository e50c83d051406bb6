// The route table (docs/product.md#screens-and-routes, #accounts-and-sessions). Paths come from lib/paths.ts; every page is
// a lazy chunk so the first load of `/` carries only the public layout and the home page.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Permission } from '@donaciones/shared/permissions';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/lib/paths';
import type { AuthRouteHandle, AuthTextKey } from './layouts/auth-layout';
import PublicLayout from './layouts/public-layout';
import { RequireAuth } from './route-guard';
import Root from './root';
import ErrorScreen from './routes/error-screen';

type PageModule = Promise<{ default: ComponentType }>;

/** A lazily loaded page with the error screen inside its layout. */
function page(path: string | undefined, load: () => PageModule, extra: Partial<RouteObject> = {}): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: (await load()).default }),
    errorElement: <ErrorScreen />,
    ...extra,
  } as RouteObject;
}

/** A staff page that opens only for roles holding `permission`; others see the no-permission page. */
function allowed(permission: Permission, route: RouteObject): RouteObject {
  return { element: <RequireAuth permission={permission} />, children: [route] };
}

// Texts by their key in the auth messages, which the (lazy) auth layout reads: the entry does not carry them.
const auth = (title: AuthTextKey, subtitle?: AuthTextKey): { handle: AuthRouteHandle } => ({ handle: { auth: { title, subtitle } } });
const settingsScreen = () => import('./routes/settings-screen');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <ErrorScreen fullPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          page(undefined, () => import('@/features/home/routes/home')),
          page(paths.donations, () => import('@/features/donations/routes/donations-list')),
          page(paths.donationDetail, () => import('@/features/donations/routes/donation-detail')),
          page(paths.donate, () => import('@/features/donate/routes/donate')),
          page(paths.donateResult, () => import('@/features/donate/routes/donate-result')),
          page(paths.stats, () => import('@/features/donations/routes/stats')),
          page(paths.terms, () => import('@/features/legal/routes/terms')),
          page(paths.privacy, () => import('@/features/legal/routes/privacy')),
          page(paths.manageMonthlyGift, () => import('@/features/member/routes/manage-monthly-gift')),
          page(paths.depositSlip, () => import('@/features/donate/routes/deposit-slip')),
          page(paths.apadrina, () => import('@/features/sponsorship/routes/apadrina')),
          page(paths.apadrinaStart, () => import('@/features/sponsorship/routes/apadrina-start')),
          page(paths.apadrinaChoice, () => import('@/features/sponsorship/routes/apadrina-choice')),
          page(paths.apadrinaChild, () => import('@/features/sponsorship/routes/apadrina-child')),
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/auth-layout')).default }),
        errorElement: <ErrorScreen fullPage />,
        children: [
          page(paths.login, () => import('@/features/auth/routes/login'), auth('loginTitle', 'loginSubtitle')),
          page(paths.register, () => import('@/features/auth/routes/register'), auth('registerTitle', 'registerSubtitle')),
          page(paths.forgotPassword, () => import('@/features/auth/routes/forgot-password'), auth('forgotTitle')),
          page(paths.resetPassword, () => import('@/features/auth/routes/reset-password'), auth('forgotTitle')),
          page(paths.verifyEmail, () => import('@/features/auth/routes/verify-email')),
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).default }),
            errorElement: <ErrorScreen fullPage />,
            children: [
              page(paths.dashboard, () => import('./routes/dashboard-screen')),
              // Staff gift entry lives in the console; the page itself takes anyone without gifts.enter to /donate.
              page(paths.donationNew, () => import('@/features/donations/routes/donation-new')),
              {
                // Staff screens: any staff role enters; each screen then asks for its permission.
                element: <RequireAuth permission="staff" />,
                children: [
                  allowed('users.manage', page(paths.adminUsers, () => import('@/features/admin/routes/admin-users'))),
                  allowed('donations.read', page(paths.adminDonations, () => import('@/features/admin/routes/admin-donations'))),
                  allowed('donations.read', page(paths.adminDonationDetail, () => import('@/features/admin/routes/admin-donation-detail'))),
                  allowed('donations.read', page(paths.adminMonthlyGifts, () => import('@/features/admin/routes/admin-monthly-gifts'))),
                  allowed('donations.read', page(paths.adminPaymentProblems, () => import('@/features/admin/routes/admin-payment-problems'))),
                  allowed('donations.read', page(paths.adminMonthlyGiftDetail, () => import('@/features/admin/routes/admin-monthly-gift-detail'))),
                  allowed('donors.read', page(paths.adminDonors, () => import('@/features/donors/routes/admin-donors'))),
                  allowed('donors.manage', page(paths.adminDonorDuplicates, () => import('@/features/donors/routes/admin-donor-duplicates'))),
                  allowed('donors.manage', page(paths.adminImport, () => import('@/features/imports/routes/admin-import'))),
                  allowed('donors.read', page(paths.adminDonorDetail, () => import('@/features/donors/routes/admin-donor'))),
                  allowed('bank.manage', page(paths.adminBankStatements, () => import('@/features/admin/routes/admin-bank-statements'))),
                  allowed('reports.read', page(paths.adminReports, () => import('@/features/admin/routes/admin-reports'))),
                  allowed('register.read', page(paths.adminRegister, () => import('@/features/accounting/routes/admin-register'))),
                  allowed('sponsorship.manage', page(paths.adminSponsorship, () => import('@/features/sponsorship/routes/admin-children'))),
                  allowed('sponsorship.manage', page(paths.adminSponsorshipChild, () => import('@/features/sponsorship/routes/admin-child'))),
                  allowed('sponsorship.manage', page(paths.adminLetters, () => import('@/features/letters/routes/admin-letters'))),
                  page(paths.adminSettings, settingsScreen),
                ],
              },
              page(paths.settings, settingsScreen),
              page(paths.donorProfile, settingsScreen),
              page(paths.donorDonations, () => import('@/features/member/routes/donor-donations')),
              page(paths.donorDonationDetail, () => import('@/features/donations/routes/donor-donation')),
              page(paths.donorDepositSlip, () => import('@/features/donate/routes/donor-deposit-slip')),
              page(paths.donorHistory, () => import('@/features/member/routes/donor-history')),
              page(paths.donorReceipts, () => import('@/features/member/routes/donor-receipts')),
              page(paths.donorPrograms, () => import('@/features/member/routes/donor-programs')),
              page(paths.donorMonthlyGifts, () => import('@/features/member/routes/donor-monthly-gifts')),
              page(paths.donorSponsorships, () => import('@/features/sponsorship/routes/my-child')),
              page(paths.sponsorLetters, () => import('@/features/letters/routes/sponsor-letters')),
            ],
          },
        ],
      },
      { path: paths.adminDashboardAlias, element: <Navigate to={paths.dashboard} replace /> },
      { path: paths.donorDashboardAlias, element: <Navigate to={paths.dashboard} replace /> },
      { path: paths.userDashboardAlias, element: <Navigate to={paths.dashboard} replace /> },
      page(paths.notFound, () => import('./routes/not-found')),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
