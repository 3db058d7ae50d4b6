import { AdminStatsSchema } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export const getAdminStats = () => postJson('/admin', AdminStatsSchema);

export function useAdminStats() {
  return useQuery({ queryKey: ['admin-stats'], queryFn: getAdminStats, staleTime: 0 });
}
