import { DASHBOARD_CHILD_PATHS } from '@structomate/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** Spec §2 route table. The home page is in the first bundle; other pages load on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
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
              { index: true, element: null },
              ...DASHBOARD_CHILD_PATHS.map((path) => ({ path, element: null })),
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export const router = createBrowserRouter(routes);
