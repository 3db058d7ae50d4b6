import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MAX_UPLOAD_BYTES,
  type MaintenancePhoto,
} from '@structomate/contract';
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { messageOf } from '../../../lib/api-client';
import { ACCEPTED_IMAGE_TYPES } from '../../../lib/upload-image';
import { uploadMaintenancePhoto } from '../api/upload-photo';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

/**
 * Up to five private photos for a request or a comment: each uploads as soon as it is chosen,
 * with its own progress bar, then shows as a thumbnail that can be removed. `onBusyChange` tells
 * the form to wait while any is still on its way.
 */
export function PhotoPicker({
  photos,
  onChange,
  onBusyChange,
  legend = 'Photos (optional)',
  hint = `Up to ${MAINTENANCE_LIMITS.photos} photos (JPEG, PNG or WebP, 5 MB each). Only you and the building see them.`,
  error,
  compact = false,
}: {
  photos: MaintenancePhoto[];
  onChange: Dispatch<SetStateAction<MaintenancePhoto[]>>;
  onBusyChange: (busy: boolean) => void;
  legend?: string;
  hint?: string;
  error?: string;
  /** Smaller tiles, for the comment box. */
  compact?: boolean;
}) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const uploading = uploads.some((upload) => !upload.error);
  useEffect(() => onBusyChange(uploading), [uploading, onBusyChange]);
  const room =
    MAINTENANCE_LIMITS.photos - photos.length - uploads.filter((upload) => !upload.error).length;

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  async function add(files: File[]) {
    const chosen = files.slice(0, Math.max(0, room));
    const started = chosen.map((file) => ({
      key: nextKey.current++,
      name: file.name,
      progress: 0,
    }));
    const skipped = files.length - chosen.length;
    setUploads((current) => [
      ...current.filter((upload) => !upload.error),
      ...started,
      ...(skipped > 0
        ? [
            {
              key: nextKey.current++,
              name: `${skipped} more`,
              progress: 0,
              error: MAINTENANCE_MESSAGES.tooManyPhotos,
            },
          ]
        : []),
    ]);
    await Promise.all(
      chosen.map(async (file, index) => {
        const key = started[index]?.key ?? -1;
        if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
          update(key, { error: 'Only JPEG, PNG and WebP images are accepted.' });
          return;
        }
        if (file.size > MAX_UPLOAD_BYTES) {
          update(key, { error: 'The image is larger than 5 MB.' });
          return;
        }
        try {
          const photo = await uploadMaintenancePhoto(file, (progress) => update(key, { progress }));
          // Uploads finish in any order; each appends to the list as it is by then.
          onChange((current) => [...current, photo]);
          setUploads((current) => current.filter((upload) => upload.key !== key));
        } catch (failure) {
          update(key, { error: messageOf(failure, 'The photo could not be uploaded. Try again.') });
        }
      }),
    );
  }

  const tile = compact ? 'size-20' : 'aspect-square';
  return (
    <fieldset className="space-y-2" aria-describedby={`${inputId}-hint`}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <p id={`${inputId}-hint`} className="text-xs text-base-content/70">
        {hint}
      </p>
      <ul
        className={compact ? 'flex flex-wrap gap-2' : 'grid grid-cols-3 gap-2 sm:grid-cols-6'}
        aria-label={legend}
      >
        {photos.map((photo, index) => (
          <li
            key={photo._id}
            className={`relative overflow-hidden rounded-field border border-base-300 bg-base-200 ${tile}`}
          >
            <img
              src={photo.url}
              alt={`Photo ${index + 1}`}
              width={photo.width}
              height={photo.height}
              className="size-full object-cover"
            />
            <button
              type="button"
              className="btn btn-circle btn-xs absolute top-1 right-1 border-base-300 bg-base-100/90 shadow-sm"
              aria-label={`Remove photo ${index + 1}`}
              onClick={() => onChange((current) => current.filter((p) => p._id !== photo._id))}
            >
              <LuX aria-hidden="true" />
            </button>
          </li>
        ))}
        {uploads.map((upload) => (
          <li
            key={upload.key}
            className={`flex flex-col justify-center gap-1.5 rounded-field border border-dashed border-base-300 bg-base-200/60 p-2 text-xs ${compact ? 'h-20 w-40' : 'col-span-3 sm:col-span-2'}`}
          >
            <span className="truncate font-medium" title={upload.name}>
              {upload.name}
            </span>
            {upload.error ? (
              <span role="alert" className="text-error">
                {upload.error}
              </span>
            ) : (
              <>
                <progress
                  className="progress progress-primary w-full"
                  value={Math.round(upload.progress * 100)}
                  max={100}
                  aria-label={`Uploading ${upload.name}`}
                />
                <span className="text-base-content/70">
                  Uploading… {Math.round(upload.progress * 100)} %
                </span>
              </>
            )}
          </li>
        ))}
        {room > 0 && (
          <li className={tile}>
            <label
              htmlFor={inputId}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-field border-2 border-dashed border-base-300 p-1 text-center text-xs text-base-content/75 transition-colors focus-within:border-primary focus-within:text-primary hover:border-primary hover:text-primary"
            >
              <LuImagePlus className="size-5" aria-hidden="true" />
              Add photos
              <input
                id={inputId}
                type="file"
                multiple
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                className="sr-only"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  if (files.length > 0) void add(files);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
