import type { DashboardChildPath } from '@structomate/contract';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import { DASHBOARD_PAGES } from './dashboard-menu';
import { keyHistoryEntry } from './history-entry-key';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { RequireRole } from './require-role';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** Each dashboard page loads on demand, behind its role guard. */
const dashboardPage: Record<DashboardChildPath, () => Promise<{ Component: ComponentType }>> = {
  myProfile: async () => ({
    Component: (await import('./routes/my-profile')).MyProfileRoute,
  }),
  adminProfile: async () => ({
    Component: (await import('./routes/admin-profile')).AdminProfileRoute,
  }),
  'manage-members': async () => ({
    Component: (await import('./routes/manage-members')).ManageMembersRoute,
  }),
  makeAnnouncements: async () => ({
    Component: (await import('../features/announcements/components/make-announcement'))
      .MakeAnnouncement,
  }),
  'agreement-requests': async () => ({
    Component: (await import('../features/leases/components/agreement-requests')).AgreementRequests,
  }),
  'manage-coupons': async () => ({
    Component: (await import('../features/coupons/components/manage-coupons')).ManageCoupons,
  }),
  payments: async () => ({
    Component: (await import('../features/payments/components/pay-rent')).PayRent,
  }),
  paymentHistory: async () => ({
    Component: (await import('../features/payments/components/payment-history')).PaymentHistory,
  }),
  'member-announcements': async () => ({
    Component: (await import('../features/announcements/components/member-announcements'))
      .MemberAnnouncements,
  }),
  'user-announcements': async () => ({
    Component: (await import('../features/announcements/components/user-announcements'))
      .UserAnnouncements,
  }),
  settings: async () => ({
    Component: (await import('../features/building/components/building-settings')).BuildingSettings,
  }),
  users: async () => ({
    Component: (await import('../features/users/components/user-list')).UserList,
  }),
  audit: async () => ({
    Component: (await import('../features/audit/components/audit-log')).AuditLog,
  }),
  account: async () => ({
    Component: (await import('../features/account/components/account-page')).AccountPage,
  }),
  'sent-mail': async () => ({
    Component: (await import('../features/mail/components/sent-mail')).SentMail,
  }),
  'rent-roll': async () => ({
    Component: (await import('../features/payments/components/rent-roll')).RentRoll,
  }),
  apartments: async () => ({
    Component: (await import('../features/apartments/components/manage-apartments'))
      .ManageApartments,
  }),
  maintenance: async () => ({
    Component: (await import('../features/maintenance/components/maintenance-page'))
      .MaintenancePage,
  }),
  'maintenance-contacts': async () => ({
    Component: (await import('../features/maintenance/components/contacts-page')).ContactsPage,
  }),
};

/** Pages under a dashboard page: a payment's receipt, a member's rent account, an apartment. */
const dashboardDetails: Partial<
  Record<DashboardChildPath, { path: string; lazy: () => Promise<{ Component: ComponentType }> }[]>
> = {
  paymentHistory: [
    {
      path: ':paymentId',
      lazy: async () => ({
        Component: (await import('../features/payments/components/receipt')).Receipt,
      }),
    },
  ],
  'manage-members': [
    {
      path: ':userId',
      lazy: async () => ({
        Component: (await import('./routes/tenant-account')).TenantAccountRoute,
      }),
    },
    {
      path: ':userId/receipts/:paymentId',
      lazy: async () => ({
        Component: (await import('../features/payments/components/tenant-receipt')).TenantReceipt,
      }),
    },
  ],
  maintenance: [
    {
      path: 'new',
      lazy: async () => ({
        Component: (await import('../features/maintenance/components/new-request-form'))
          .NewRequestPage,
      }),
    },
    {
      path: ':requestId',
      lazy: async () => ({
        Component: (await import('../features/maintenance/components/request-page')).RequestPage,
      }),
    },
  ],
  'sent-mail': [
    {
      path: ':mailId',
      lazy: async () => ({
        Component: (await import('../features/mail/components/mail-message')).MailMessage,
      }),
    },
  ],
  apartments: [
    {
      path: 'import',
      lazy: async () => ({
        Component: (await import('../features/apartments/components/import-apartments'))
          .ImportApartments,
      }),
    },
    {
      // `new` or an apartment's id.
      path: ':apartmentId',
      lazy: async () => ({
        Component: (await import('../features/apartments/components/apartment-editor'))
          .ApartmentEditor,
      }),
    },
  ],
};

/** Spec §2 route table. The home page is in the first bundle; other pages load on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's code loads (its route is split out of the main bundle).
    HydrateFallback: () => <LoadingSpinner label="Loading" />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'apartment',
        lazy: async () => ({ Component: (await import('./routes/apartments')).ApartmentsRoute }),
      },
      {
        path: 'apartment/:apartment_id',
        lazy: async () => ({ Component: (await import('./routes/agreement')).AgreementRoute }),
      },
      {
        path: 'setup',
        lazy: async () => ({ Component: (await import('./routes/setup')).SetupRoute }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./routes/forgot-password')).ForgotPasswordRoute,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('./routes/reset-password')).ResetPasswordRoute,
        }),
      },
      {
        path: 'confirm-email',
        lazy: async () => ({
          Component: (await import('./routes/confirm-email')).ConfirmEmailRoute,
        }),
      },
      {
        path: 'unsubscribe',
        lazy: async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribeRoute }),
      },
      {
        path: 'authentiction',
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
          },
          {
            path: 'registration',
            lazy: async () => ({
              Component: (await import('./routes/registration')).RegistrationRoute,
            }),
          },
        ],
      },
      {
        path: 'dashboard',
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/dashboard')).DashboardIndex,
                }),
              },
              // A charge's receipt (a repair's, or one added by hand): theirs, or any for the admin.
              {
                path: 'charges/:chargeId',
                lazy: async () => ({
                  Component: (await import('../features/payments/components/charge-receipt'))
                    .ChargeReceipt,
                }),
              },
              ...Object.values(DASHBOARD_PAGES).map((page) => ({
                path: page.path,
                element: <RequireRole roles={page.roles} />,
                children: [
                  { index: true, lazy: dashboardPage[page.path] },
                  ...(dashboardDetails[page.path] ?? []),
                ],
              })),
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

/**
 * The browser's router. A page drawn on the server (`hydrationData` present) needs its routes'
 * code before the first render, or the router would show its loading fallback over the server's
 * page: the lazy routes the address matches are loaded first.
 */
export async function createRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  // Before the router reads the entry: scroll positions are kept per entry key (see there).
  keyHistoryEntry();
  return createBrowserRouter(routes, { hydrationData });
}
