import { Link } from 'react-router';

/** Spec §2 404 page. Also the router's error screen, so a broken route never shows a blank page. */
export function NotFoundRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Page Not Found · StructoMate</title>
      <p className="font-display text-7xl font-semibold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">Page Not Found</h1>
      <p className="mt-3 text-base-content/75">
        Sorry, the page you are looking for does not exist
      </p>
      <Link to="/" className="btn btn-primary mt-8">
        Go to Homepage
      </Link>
    </div>
  );
}
