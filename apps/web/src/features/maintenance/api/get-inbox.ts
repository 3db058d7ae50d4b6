import { type MaintenanceInboxQuerySchema, MaintenancePageSchema } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, toQueryString } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

/** The inbox's filters, as read (defaults filled in). */
export type InboxQuery = z.output<typeof MaintenanceInboxQuerySchema>;

export const getInbox = (query: InboxQuery) =>
  apiRequest(
    `/admin/maintenance${toQueryString({
      page: query.page,
      limit: query.limit,
      status: query.status,
      urgency: query.urgency,
      category: query.category,
      apartmentNo: query.apartmentNo || undefined,
      olderThan: query.olderThan,
      sort: query.sort,
      q: query.q || undefined,
    })}`,
    MaintenancePageSchema,
  );

/** The admin's inbox: filtered, sorted and paged by the server. */
export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: maintenanceQueryKeys.inbox(query),
    queryFn: () => getInbox(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
