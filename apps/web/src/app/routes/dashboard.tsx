import type { DashboardChildPath, SessionUser } from '@structomate/contract';
import type { IconType } from 'react-icons';
import {
  LuBellRing,
  LuClipboardCheck,
  LuBuilding2,
  LuContact,
  LuContactRound,
  LuCreditCard,
  LuDoorOpen,
  LuHistory,
  LuMail,
  LuSettings,
  LuReceiptText,
  LuScrollText,
  LuMegaphone,
  LuTicketPercent,
  LuUserRound,
  LuUsers,
  LuUserCog,
  LuWrench,
} from 'react-icons/lu';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { LeaveGuard } from '../../components/leave-guard';
import { useSession } from '../../lib/session';
import { DASHBOARD_PAGES, menuFor } from '../dashboard-menu';

const icons: Record<DashboardChildPath, IconType> = {
  myProfile: LuUserRound,
  adminProfile: LuUserCog,
  'manage-members': LuUsers,
  'rent-roll': LuReceiptText,
  makeAnnouncements: LuMegaphone,
  'agreement-requests': LuClipboardCheck,
  'manage-coupons': LuTicketPercent,
  apartments: LuDoorOpen,
  payments: LuCreditCard,
  paymentHistory: LuHistory,
  'member-announcements': LuBellRing,
  'user-announcements': LuBellRing,
  users: LuContact,
  settings: LuBuilding2,
  audit: LuScrollText,
  'sent-mail': LuMail,
  account: LuSettings,
  maintenance: LuWrench,
  'maintenance-contacts': LuContactRound,
};

const roleLabel = (user: SessionUser) =>
  user.role === 'admin'
    ? 'Administrator'
    : user.role === 'member'
      ? 'Member · tenant'
      : user.formerTenant
        ? 'Former tenant · no current lease'
        : 'Account · no current lease';

/** The dashboard frame (spec §2): the side menu of the person's role and the page beside it. */
export function DashboardRoute() {
  const { user } = useSession();
  const current = useCurrentEntry();
  // The menu's entries change with the role, and for a user with having rented here before.
  const entries = useCurrentEntryInView(`${user?.role}:${user?.formerTenant}`);
  if (!user) return null;
  const menu = menuFor(user);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-10 lg:px-8 lg:py-10 print:block print:p-0">
      <title>Dashboard · StructoMate</title>
      <aside aria-label="Dashboard" className="mb-6 lg:mb-0 print:hidden">
        <div className="hidden items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4 lg:flex">
          <Avatar name={user.displayName} photoURL={user.photoURL} size={44} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{user.displayName}</p>
            <p className="text-xs text-base-content/70">{roleLabel(user)}</p>
          </div>
        </div>
        <nav aria-label="Dashboard menu" className="lg:mt-4">
          {/* Phones keep the entries on one row that scrolls sideways, from edge to edge, with the
              current page brought into view: the admin's fifteen, wrapped, took eight rows (a
              third of the screen) above every page. Wider screens wrap them, then list them. */}
          <ul
            ref={entries}
            className="relative -mx-4 flex scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 max-sm:data-[more=both]:[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%_-_2.5rem),transparent)] max-sm:data-[more=left]:[mask-image:linear-gradient(to_right,transparent,#000_2.5rem)] max-sm:data-[more=right]:[mask-image:linear-gradient(to_right,#000_calc(100%_-_2.5rem),transparent)] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0 lg:flex-col lg:flex-nowrap lg:gap-1"
          >
            {menu.map((path) => {
              const Icon = icons[path];
              return (
                <li key={path} className="shrink-0 sm:min-w-0 sm:shrink">
                  <Link
                    to={path}
                    aria-current={path === current ? 'page' : undefined}
                    className={`flex items-center gap-2 rounded-field px-3 py-2 text-[0.8125rem] font-medium whitespace-nowrap transition-colors sm:gap-3 sm:text-sm ${
                      path === current
                        ? 'bg-primary text-primary-content'
                        : 'border border-base-300 text-base-content/80 hover:bg-base-200 lg:border-transparent'
                    }`}
                  >
                    {/* Phones leave the icons out: more entries in sight on the row. */}
                    <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
                    <span className="truncate">{DASHBOARD_PAGES[path].label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <ControlsOnceReady>
        <Outlet />
      </ControlsOnceReady>
      {/* One question for every form of the page with changes not saved (useUnsavedChanges). */}
      <LeaveGuard />
    </div>
  );
}

/**
 * The menu's entry for the page shown: the one whose address it is at or under; but a member's
 * rent account opened from the rent roll or Users belongs there (its way back leads there),
 * though its address is under Manage Members.
 */
function useCurrentEntry(): string | undefined {
  const { pathname, state } = useLocation();
  const [, , entry, record] = pathname.split('/');
  const from = (state as { from?: unknown } | null)?.from;
  if (entry === 'manage-members' && record && (from === 'rent-roll' || from === 'users')) {
    return from;
  }
  return entry;
}

/**
 * Scrolls the menu's row (a phone's) so that the current page's entry is in the middle of it,
 * when the row is wider than the screen: on arrival and at each move between pages.
 */
function useCurrentEntryInView(menuKind: string) {
  const entries = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const row = entries.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
    // The menu's kind too: the row is drawn once the session is known, and changes with it.
  }, [pathname, menuKind]);
  // Which ends of the row have entries beyond them (`data-more`): those ends fade out, a sign
  // that the row goes on. Set on the element, as it scrolls: no drawing again.
  useEffect(() => {
    const row = entries.current;
    if (!row) return;
    const mark = () => {
      const left = row.scrollLeft > 1;
      const right = row.scrollLeft < row.scrollWidth - row.clientWidth - 1;
      if (left || right) row.dataset.more = left && right ? 'both' : left ? 'left' : 'right';
      else delete row.dataset.more;
    };
    mark();
    row.addEventListener('scroll', mark, { passive: true });
    window.addEventListener('resize', mark);
    return () => {
      row.removeEventListener('scroll', mark);
      window.removeEventListener('resize', mark);
    };
  }, [menuKind]);
  return entries;
}

/**
 * A page the server drew shows at once. Without scripts its controls stay disabled: a form sent
 * without the app would go as a plain GET, its fields in the address. The page's first script
 * enables them (`data-needs-app`, lib/first-use.ts) and holds a press until the app runs; the app
 * enables them too, for a page the browser draws itself (before it paints), on the element itself:
 * changing the attribute through React would draw the whole page again, in one task.
 */
function ControlsOnceReady({ children }: { children: ReactNode }) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    if (fieldset.current) fieldset.current.disabled = false;
  }, []);
  return (
    <fieldset ref={fieldset} role="none" disabled data-needs-app="" className="min-w-0">
      {children}
    </fieldset>
  );
}

/** `/dashboard` opens the first page of the person's menu. */
export function DashboardIndex() {
  const { user } = useSession();
  if (!user) return null;
  return <Navigate to={menuFor(user)[0] ?? 'myProfile'} replace />;
}
