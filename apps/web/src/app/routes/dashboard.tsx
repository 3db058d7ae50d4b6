import type { DashboardChildPath } from '@structomate/contract';
import type { IconType } from 'react-icons';
import {
  LuBellRing,
  LuClipboardCheck,
  LuCreditCard,
  LuHistory,
  LuMegaphone,
  LuTicketPercent,
  LuUserRound,
  LuUsers,
  LuUserCog,
} from 'react-icons/lu';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useSession } from '../../lib/session';
import { DASHBOARD_PAGES, SIDE_MENU } from '../dashboard-menu';

const icons: Record<DashboardChildPath, IconType> = {
  myProfile: LuUserRound,
  adminProfile: LuUserCog,
  'manage-members': LuUsers,
  makeAnnouncements: LuMegaphone,
  'agreement-requests': LuClipboardCheck,
  'manage-coupons': LuTicketPercent,
  payments: LuCreditCard,
  paymentHistory: LuHistory,
  'member-announcements': LuBellRing,
  'user-announcements': LuBellRing,
};

const roleLabel = { user: 'Resident account', member: 'Member · tenant', admin: 'Administrator' };

/** The dashboard frame (spec §2): the side menu of the person's role and the page beside it. */
export function DashboardRoute() {
  const { user } = useSession();
  const menuRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On phones the menu scrolls sideways: keep the current page's entry in view.
  useEffect(() => {
    menuRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  if (!user) return null;
  const menu = SIDE_MENU[user.role];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-10 lg:px-8 lg:py-10 print:block print:p-0">
      <title>Dashboard · StructoMate</title>
      <aside aria-label="Dashboard" className="mb-6 lg:mb-0 print:hidden">
        <div className="hidden items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 lg:flex">
          <Avatar name={user.displayName} photoURL={user.photoURL} size={44} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{user.displayName}</p>
            <p className="text-xs text-base-content/70">{roleLabel[user.role]}</p>
          </div>
        </div>
        <nav aria-label="Dashboard menu" className="lg:mt-4">
          <ul
            ref={menuRef}
            className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0"
          >
            {menu.map((path) => {
              const Icon = icons[path];
              return (
                <li key={path} className="shrink-0">
                  <NavLink
                    to={path}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-field px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
                        isActive
                          ? 'bg-primary text-primary-content'
                          : 'border border-base-300 text-base-content/80 hover:bg-base-200 lg:border-transparent'
                      }`
                    }
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {DASHBOARD_PAGES[path].label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

/** `/dashboard` opens the first page of the person's menu. */
export function DashboardIndex() {
  const { user } = useSession();
  if (!user) return null;
  return <Navigate to={SIDE_MENU[user.role][0] ?? 'myProfile'} replace />;
}
