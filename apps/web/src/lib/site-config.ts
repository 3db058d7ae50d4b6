import type { SiteConfig } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// Loaded with the first call (lib/api-client.ts, SchemaSource): every page reads the settings.
export const getSiteConfig = (): Promise<SiteConfig> =>
  apiRequest('/site', async () => (await import('@structomate/contract/site')).SiteConfigSchema);

export function useSiteConfig() {
  return useQuery({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });
}
