import { AUDIT_PAGE_SIZE, AuditPageSchema, type AuditAction } from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';

export interface AuditFilters {
  page: number;
  action: AuditAction | '';
  q: string;
}

export const getAudit = ({ page, action, q }: AuditFilters) =>
  apiRequest(
    `/audit${toQueryString({ page, limit: AUDIT_PAGE_SIZE, action: action || undefined, q: q || undefined })}`,
    AuditPageSchema,
  );

/** The audit log, newest first, a page at a time; always asked afresh. */
export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: ['audit', filters],
    queryFn: () => getAudit(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
