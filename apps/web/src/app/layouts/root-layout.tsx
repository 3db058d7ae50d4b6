import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/footer';
import { Navbar } from '../../components/navbar';
import { ToastHost } from '../../lib/toast-host';
import { GoogleOutcome } from '../../features/auth/components/google-outcome';
import { useLeftOnPurposeEnds } from '../left-on-purpose';

export function RootLayout() {
  useLeftOnPurposeEnds();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least the screen below the top bar (4rem): the footer starts out of sight, so a page
          whose content arrives after its first paint (a dashboard page loading its data) never
          pushes a footer that was in view down the screen (a layout shift). */}
      <main id="main" className="min-h-[calc(100svh-4rem)] flex-1">
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
      <GoogleOutcome />
      <ScrollRestoration />
    </div>
  );
}
