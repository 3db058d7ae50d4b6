import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { setDrawnAt } from './lib/now';
import { readSsrState } from './lib/ssr-state';

/** Starts the app in the page (main.tsx loads this once the page is on screen). */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Public pages arrive drawn by the server with the data they were drawn with: the browser takes
// them over (hydrates) from that state. Other pages arrive empty and are drawn here.
const state = readSsrState(document);
setDrawnAt(() => state?.drawnAt);
const queryClient = createQueryClient();
if (state) hydrate(queryClient, state.queries);
const router = await createRouter(state?.router);
const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);
// As a transition, taking the page over yields to the browser every few milliseconds (a tap is
// answered at once) instead of holding the main thread until the whole page is done.
if (state) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
