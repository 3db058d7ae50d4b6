import { APARTMENT_LIMITS, MAX_UPLOAD_BYTES } from '@structomate/contract';
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { LuArrowLeft, LuArrowRight, LuImagePlus, LuTrash2 } from 'react-icons/lu';
import { messageOf } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * An apartment's photos in their order: upload several (each with its progress), move one
 * earlier or later, remove one. The first is the one the listing shows.
 */
export function PhotoManager({
  photos,
  onChange,
  onBusyChange,
  error,
}: {
  photos: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const uploading = uploads.some((u) => !u.error);
  useEffect(() => onBusyChange(uploading), [uploading, onBusyChange]);
  const room = APARTMENT_LIMITS.photos - photos.length - uploads.filter((u) => !u.error).length;

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function add(files: File[]) {
    const chosen = files.slice(0, Math.max(0, room));
    const started = chosen.map((file) => ({
      key: nextKey.current++,
      name: file.name,
      progress: 0,
    }));
    const skipped = files.length - chosen.length;
    setUploads((current) => [
      ...current.filter((u) => !u.error),
      ...started,
      ...(skipped > 0
        ? [
            {
              key: nextKey.current++,
              name: `${skipped} more`,
              progress: 0,
              error: `At most ${APARTMENT_LIMITS.photos} photos per apartment.`,
            },
          ]
        : []),
    ]);
    await Promise.all(
      chosen.map(async (file, index) => {
        const key = started[index]?.key ?? -1;
        if (!ACCEPTED.includes(file.type)) {
          update(key, { error: 'Only JPEG, PNG and WebP images are accepted.' });
          return;
        }
        if (file.size > MAX_UPLOAD_BYTES) {
          update(key, { error: 'The image is larger than 5 MB.' });
          return;
        }
        try {
          const url = await uploadImage(file, (progress) => update(key, { progress }), 'apartment');
          // Uploads finish in any order; each appends to the list as it is by then.
          onChange((current) => [...current, url]);
          setUploads((current) => current.filter((u) => u.key !== key));
        } catch (failure) {
          update(key, { error: messageOf(failure, 'The photo could not be uploaded. Try again.') });
        }
      }),
    );
  }

  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    if (photo === undefined) return;
    next.splice(to, 0, photo);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={`${inputId}-hint`}>
      <legend className="text-sm font-medium">Photos</legend>
      <p id={`${inputId}-hint`} className="text-xs text-base-content/70">
        Up to {APARTMENT_LIMITS.photos} photos (JPEG, PNG or WebP, 5 MB each). The first one is
        shown on the listing; without photos the listing shows a drawing of an empty room.
      </p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
        {photos.map((url, index) => (
          <li
            key={url}
            className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xs"
          >
            <figure className="relative aspect-[3/2] bg-base-200">
              <img
                src={url}
                alt={`Photo ${index + 1}`}
                width={240}
                height={160}
                className="size-full object-cover"
              />
              {index === 0 && (
                <figcaption className="badge badge-primary badge-sm absolute left-2 top-2 shadow">
                  On the listing
                </figcaption>
              )}
            </figure>
            <div className="flex items-center justify-between gap-1 p-1.5">
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label={`Move photo ${index + 1} earlier`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <LuArrowLeft aria-hidden="true" />
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square text-error"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onChange(photos.filter((_, i) => i !== index))}
              >
                <LuTrash2 aria-hidden="true" />
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label={`Move photo ${index + 1} later`}
                disabled={index === photos.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <LuArrowRight aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
        {uploads.map((upload) => (
          <li
            key={upload.key}
            className="flex aspect-[3/2] flex-col justify-center gap-2 rounded-box border border-dashed border-base-300 bg-base-200/60 p-3 text-xs"
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
          <li>
            <label
              htmlFor={inputId}
              className="flex aspect-[3/2] cursor-pointer flex-col items-center justify-center gap-1 rounded-box border-2 border-dashed border-base-300 text-sm text-base-content/75 transition-colors hover:border-primary hover:text-primary focus-within:border-primary"
            >
              <LuImagePlus className="size-6" aria-hidden="true" />
              Add photos
              <input
                id={inputId}
                type="file"
                multiple
                accept={ACCEPTED.join(',')}
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
      </ol>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
