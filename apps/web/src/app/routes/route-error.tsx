import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundRoute } from './not-found';

/** What the router shows when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Something went wrong · StructoMate</title>
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-base-content/75">
        This page could not be shown. Reload to try again; if it keeps happening, we are on it.
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-ghost">
          Go to Homepage
        </Link>
      </div>
    </div>
  );
}
