import { MaintenanceContactSchema, type MaintenanceContactRequest } from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, sendJson } from '../../../lib/api-client';
import { maintenanceQueryKeys } from './query-keys';

export const createContact = (body: MaintenanceContactRequest) =>
  postJson('/admin/maintenance-contacts', MaintenanceContactSchema, body);

export const updateContact = (id: string, body: MaintenanceContactRequest) =>
  sendJson(
    'PUT',
    `/admin/maintenance-contacts/${encodeURIComponent(id)}`,
    MaintenanceContactSchema,
    body,
  );

/** Adds a contact, or (with `id`) changes one; requests show the new name and phone. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MaintenanceContactRequest }) =>
      id ? updateContact(id, body) : createContact(body),
    // Also after a refusal: a contact it clashed with may have just been added elsewhere.
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKeys.all }),
  });
}
