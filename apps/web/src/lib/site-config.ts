import { SiteConfigSchema, type SiteConfig } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const getSiteConfig = (): Promise<SiteConfig> => apiRequest('/site', SiteConfigSchema);

export function useSiteConfig() {
  return useQuery({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });
}
