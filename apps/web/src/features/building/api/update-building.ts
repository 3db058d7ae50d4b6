import { BuildingSchema, type UpdateBuildingRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { BUILDING_QUERY_KEY } from '../../../lib/building';

export const updateBuilding = (request: UpdateBuildingRequest) =>
  sendJson('PUT', '/building', BuildingSchema, request);

/** Saves the Building settings; the answer (with its new version) replaces the cached profile. */
export function useUpdateBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBuilding,
    onSuccess: (saved) => queryClient.setQueryData(BUILDING_QUERY_KEY, saved),
  });
}
