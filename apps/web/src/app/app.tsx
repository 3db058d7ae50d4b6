import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import type { createRouter } from './router';
import { SessionProvider } from '../lib/session-provider';
import { tookOver } from '../lib/ssr-state';

export type AppRouter = Awaited<ReturnType<typeof createRouter>>;

/**
 * Marks the document once the app runs in it (`<html data-app-ready>`): a page the server drew
 * is taken over, or the browser has drawn its first screen. Browser tests wait for it. Its effect
 * runs after those of the session and the screens before it, which have by then decided whether
 * to ask for their data again: from now on, data a drawn page came with is asked for as usual.
 */
function AppReady() {
  useEffect(() => {
    tookOver();
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

/**
 * The app's providers around its router. The server draws the same tree with its static router
 * (entry-server.tsx): the ids React makes (`useId`: a menu's, a field's hint) follow the tree's
 * shape, and a page taken over keeps the ids it was drawn with.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {/* After the session's provider, whose effects (its query's) run before this one's. */}
      <AppReady />
    </QueryClientProvider>
  );
}

/** The app in the browser. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
