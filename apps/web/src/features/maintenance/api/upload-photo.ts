import { MaintenancePhotoUploadSchema } from '@structomate/contract';
import { uploadFile } from '../../../lib/upload-image';

/**
 * `POST /api/maintenance/photos`: a private photo for a request or a comment, seen only by its
 * uploader, the request's tenant and the admins. Reports progress (0–1).
 */
export async function uploadMaintenancePhoto(file: File, onProgress: (fraction: number) => void) {
  const { photo } = await uploadFile(
    '/maintenance/photos',
    file,
    MaintenancePhotoUploadSchema,
    onProgress,
  );
  return photo;
}
