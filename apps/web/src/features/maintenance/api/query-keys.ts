import type { InboxQuery } from './get-inbox';

/** Every maintenance query's key, from one factory: a change refreshes lists through `all`. */
export const maintenanceQueryKeys = {
  all: ['maintenance'] as const,
  mine: () => [...maintenanceQueryKeys.all, 'mine'] as const,
  inboxes: () => [...maintenanceQueryKeys.all, 'inbox'] as const,
  inbox: (query: InboxQuery) => [...maintenanceQueryKeys.inboxes(), query] as const,
  request: (id: string) => [...maintenanceQueryKeys.all, 'request', id] as const,
  figures: () => [...maintenanceQueryKeys.all, 'figures'] as const,
  contacts: () => [...maintenanceQueryKeys.all, 'contacts'] as const,
};
