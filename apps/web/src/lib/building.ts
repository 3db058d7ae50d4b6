import { BRAND_NAME, type Building } from '@structomate/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const BUILDING_QUERY_KEY = ['building'] as const;

// Loaded with the first call (lib/api-client.ts, SchemaSource): every page shows the building.
export const getBuilding = (): Promise<Building> =>
  apiRequest(
    '/building',
    async () => (await import('@structomate/contract/building')).BuildingSchema,
  );

/** The building's profile (name, address, contacts, social links): on every page. */
export function useBuilding() {
  return useQuery({ queryKey: BUILDING_QUERY_KEY, queryFn: getBuilding, staleTime: 5 * 60_000 });
}

/** The building's name, or the product's while it loads. */
export function useBuildingName(): string {
  return useBuilding().data?.name ?? BRAND_NAME;
}
