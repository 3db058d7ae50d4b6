import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import type { createRouter } from './router';
import { SessionProvider } from '../lib/session-provider';

export type AppRouter = Awaited<ReturnType<typeof createRouter>>;

/**
 * Marks the document once the app runs in it (`<html data-app-ready>`): a page the server drew
 * is taken over, or the browser has drawn its first screen. Browser tests wait for it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

/** The app in the browser; the server draws the same tree with a static router (entry-server). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <AppReady />
      </SessionProvider>
    </QueryClientProvider>
  );
}
