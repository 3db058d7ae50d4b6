import {
  SessionUserSchema,
  SetupStatusSchema,
  type SetupRequest,
  type SetupStatus,
} from '@structomate/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { BUILDING_QUERY_KEY } from '../../../lib/building';

export const getSetupStatus = (token: string): Promise<SetupStatus> =>
  postJson('/setup/check', SetupStatusSchema, { token });

/** First run: whether the building can still be claimed with this link's token. */
export function useSetupStatus(token: string) {
  return useQuery({ queryKey: ['setup', token], queryFn: () => getSetupStatus(token) });
}

export const claimBuilding = (request: SetupRequest) =>
  postJson('/setup', SessionUserSchema, request);

export function useClaimBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimBuilding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUILDING_QUERY_KEY }),
  });
}
