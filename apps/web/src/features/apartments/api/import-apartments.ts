import {
  ImportApartmentsResponseSchema,
  ImportPreviewSchema,
  type ImportedApartment,
} from '@structomate/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, postJson } from '../../../lib/api-client';
import { refreshApartments } from './get-managed-apartments';

/** Step one: the file as it is (text/csv); the server checks every row and saves nothing. */
export const previewApartmentImport = (file: File) =>
  apiRequest('/admin/apartments/import/preview', ImportPreviewSchema, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: file,
  });

export function usePreviewApartmentImport() {
  return useMutation({ mutationFn: previewApartmentImport });
}

/** Step two: the rows the admin confirmed, created together or not at all. */
export const importApartments = (rows: ImportedApartment[]) =>
  postJson('/admin/apartments/import', ImportApartmentsResponseSchema, { rows });

export function useImportApartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importApartments,
    onSuccess: () => refreshApartments(queryClient),
  });
}
