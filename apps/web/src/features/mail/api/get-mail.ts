import {
  MAIL_PAGE_SIZE,
  MailDetailSchema,
  MailPageSchema,
  type MailStatus,
} from '@structomate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '../../../lib/api-client';

export interface MailFilters {
  page: number;
  status: MailStatus | '';
  q: string;
}

/** Delivery still under way: the page asks again until it settles. */
const MOVING: readonly MailStatus[] = ['queued', 'sending', 'retrying'];

export const mailQueryKeys = {
  all: ['sent-mail'] as const,
  list: (filters: MailFilters) => [...mailQueryKeys.all, 'list', filters] as const,
  one: (id: string) => [...mailQueryKeys.all, 'one', id] as const,
};

export const getMail = ({ page, status, q }: MailFilters) =>
  apiRequest(
    `/admin/mail${toQueryString({ page, limit: MAIL_PAGE_SIZE, status: status || undefined, q: q || undefined })}`,
    MailPageSchema,
  );

/** Every email the app sent, newest first, a page at a time; refreshed while mail is moving. */
export function useSentMail(filters: MailFilters) {
  return useQuery({
    queryKey: mailQueryKeys.list(filters),
    queryFn: () => getMail(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.result.some((mail) =>
        ['queued', 'sending', 'retrying'].includes(mail.status),
      )
        ? 5_000
        : false,
  });
}

export const getOneMail = (id: string) => apiRequest(`/admin/mail/${id}`, MailDetailSchema);

export function useOneMail(id: string) {
  return useQuery({
    queryKey: mailQueryKeys.one(id),
    queryFn: () => getOneMail(id),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && MOVING.includes(query.state.data.status) ? 5_000 : false,
  });
}

/** Where the message's HTML is served, for the preview frame. */
export const mailHtmlUrl = (id: string) => `/api/admin/mail/${id}/html`;
