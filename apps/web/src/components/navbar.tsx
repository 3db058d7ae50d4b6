import { AUTH_PATH } from '@structomate/contract';
import { Link, NavLink, useNavigate } from 'react-router';
import { useBuildingName } from '../lib/building';
import { useSession } from '../lib/session';
import { BrandMark, BrandName } from './brand-logo';
import { UserMenu } from './user-menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200 ${
    isActive ? 'text-primary' : 'text-base-content/80'
  }`;

/** Spec "Shared chrome": Home, Apartment, Dashboard when signed in, Login when not. */
export function Navbar() {
  const { user, loading, logout, signingOut } = useSession();
  const navigate = useNavigate();
  const buildingName = useBuildingName();
  return (
    <header className="sticky top-0 z-40 border-b border-base-300/70 bg-base-100/90 backdrop-blur print:hidden">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-4 sm:gap-2 sm:px-6 lg:px-8"
      >
        <Link
          to="/"
          className="mr-auto flex min-w-0 items-center gap-2 rounded-field"
          aria-label={`${buildingName} home`}
        >
          <BrandMark />
          <BrandName />
        </Link>
        {/* On small screens the logo, and the account menu, lead home. */}
        <NavLink to="/" end className={(state) => `${linkClass(state)} hidden sm:inline-flex`}>
          Home
        </NavLink>
        <NavLink to="/apartment" className={linkClass}>
          Apartment
        </NavLink>
        {user ? (
          <>
            <NavLink
              to="/dashboard"
              className={(state) => `${linkClass(state)} hidden sm:inline-flex`}
            >
              Dashboard
            </NavLink>
            <UserMenu
              user={user}
              signingOut={signingOut}
              onLogout={() => logout(() => navigate('/'))}
            />
          </>
        ) : loading ? (
          <span className="skeleton ml-1 size-9 rounded-full" aria-hidden="true" />
        ) : (
          <Link to={AUTH_PATH} className="btn btn-primary btn-sm ml-1">
            Login
          </Link>
        )}
      </nav>
    </header>
  );
}
