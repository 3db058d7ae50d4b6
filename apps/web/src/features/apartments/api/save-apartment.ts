import {
  ManagedApartmentResponseSchema,
  type CreateApartmentRequest,
  type UpdateApartmentRequest,
} from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, sendJson } from '../../../lib/api-client';
import { refreshApartments } from './get-managed-apartments';

export const createApartment = async (body: CreateApartmentRequest) =>
  (await postJson('/admin/apartments', ManagedApartmentResponseSchema, body)).result;

export const updateApartment = async ({ id, ...body }: UpdateApartmentRequest & { id: string }) =>
  (
    await sendJson(
      'PUT',
      `/admin/apartments/${encodeURIComponent(id)}`,
      ManagedApartmentResponseSchema,
      body,
    )
  ).result;

/** `POST /api/admin/apartments` (a new one) or `PUT …/:id` (an edit over its version). */
export function useSaveApartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: {
      id?: string;
      body: UpdateApartmentRequest | CreateApartmentRequest;
    }) =>
      request.id && 'version' in request.body
        ? updateApartment({ id: request.id, ...request.body })
        : createApartment(request.body),
    onSuccess: () => refreshApartments(queryClient),
  });
}
