import type { DashboardChildPath, Role, SessionUser } from '@structomate/contract';

export interface DashboardPage {
  path: DashboardChildPath;
  label: string;
  /** Roles that may open it; 'any' for every signed-in person. */
  roles: readonly Role[] | 'any';
}

/** Spec §2 dashboard children with their role guards. */
export const DASHBOARD_PAGES: Record<DashboardChildPath, DashboardPage> = {
  myProfile: { path: 'myProfile', label: 'My Profile', roles: 'any' },
  adminProfile: { path: 'adminProfile', label: 'Admin Profile', roles: ['admin'] },
  'manage-members': { path: 'manage-members', label: 'Manage Members', roles: ['admin'] },
  'rent-roll': { path: 'rent-roll', label: 'Rent roll', roles: ['admin'] },
  makeAnnouncements: { path: 'makeAnnouncements', label: 'Make Announcement', roles: ['admin'] },
  'agreement-requests': {
    path: 'agreement-requests',
    label: 'Agreement Requests',
    roles: ['admin'],
  },
  'manage-coupons': { path: 'manage-coupons', label: 'Manage Coupons', roles: ['admin'] },
  apartments: { path: 'apartments', label: 'Apartments', roles: ['admin'] },
  users: { path: 'users', label: 'Users', roles: ['admin'] },
  settings: { path: 'settings', label: 'Building settings', roles: ['admin'] },
  audit: { path: 'audit', label: 'Audit log', roles: ['admin'] },
  'sent-mail': { path: 'sent-mail', label: 'Sent mail', roles: ['admin'] },
  account: { path: 'account', label: 'Account', roles: 'any' },
  payments: { path: 'payments', label: 'Make Payment', roles: ['member'] },
  // Former tenants (users again) keep their receipts; their profile links here.
  paymentHistory: {
    path: 'paymentHistory',
    label: 'Payment History',
    roles: ['member', 'user'],
  },
  'member-announcements': {
    path: 'member-announcements',
    label: 'Announcements',
    roles: ['member'],
  },
  'user-announcements': { path: 'user-announcements', label: 'Announcements', roles: ['user'] },
  // Tenants' requests, or the admin's inbox; a former tenant (a user again) still reads theirs.
  maintenance: { path: 'maintenance', label: 'Maintenance', roles: ['member', 'user', 'admin'] },
  'maintenance-contacts': {
    path: 'maintenance-contacts',
    label: 'Contacts',
    roles: ['admin'],
  },
};

/** Spec §2 side menu by role; the first entry is where /dashboard opens. */
export const SIDE_MENU: Record<Role, DashboardChildPath[]> = {
  user: ['myProfile', 'user-announcements', 'account'],
  member: [
    'myProfile',
    'payments',
    'paymentHistory',
    'maintenance',
    'member-announcements',
    'account',
  ],
  admin: [
    'adminProfile',
    'manage-members',
    'makeAnnouncements',
    'agreement-requests',
    'manage-coupons',
    'apartments',
    'rent-roll',
    'maintenance',
    'maintenance-contacts',
    'users',
    'settings',
    'audit',
    'sent-mail',
    'account',
  ],
};

/**
 * Ours: a user whose lease here has ended keeps their receipts and the requests of that lease in
 * the menu, beside the spec's user entries (before, only their profile linked to Payment History,
 * and Maintenance could be reached by its address alone).
 */
const FORMER_TENANT_MENU: DashboardChildPath[] = [
  'myProfile',
  'paymentHistory',
  'maintenance',
  'user-announcements',
  'account',
];

/** The side menu of this person: their role's, a former tenant's for a user who rented here. */
export const menuFor = (user: Pick<SessionUser, 'role' | 'formerTenant'>) =>
  user.role === 'user' && user.formerTenant ? FORMER_TENANT_MENU : SIDE_MENU[user.role];

export const mayOpen = (page: DashboardPage, role: Role) =>
  page.roles === 'any' || page.roles.includes(role);
