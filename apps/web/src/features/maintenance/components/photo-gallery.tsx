import type { MaintenancePhoto } from '@structomate/contract';
import { useEffect, useRef, useState } from 'react';
import { LuX } from 'react-icons/lu';

/**
 * A request's or a comment's photos as thumbnails; one opens large in a modal (Escape, Close or
 * the backdrop close it; focus stays inside while it is open).
 */
export function PhotoGallery({
  photos,
  label,
  size = 'md',
}: {
  photos: MaintenancePhoto[];
  /** "Photos of request #12", "Photos of Amina's comment". */
  label: string;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState<number | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open !== undefined && !element.open) element.showModal();
    if (open === undefined && element.open) element.close();
  }, [open]);
  if (photos.length === 0) return null;
  const shown = open === undefined ? undefined : photos[open];
  const tile = size === 'sm' ? 'size-20' : 'size-24 sm:size-28';
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {photos.map((photo, index) => (
          <li key={photo._id}>
            <button
              type="button"
              className={`block overflow-hidden rounded-field border border-base-300 bg-base-200 transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${tile}`}
              aria-label={`Open photo ${index + 1} of ${photos.length}`}
              onClick={() => setOpen(index)}
            >
              <img
                src={photo.url}
                alt=""
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="modal"
        aria-label={`${label}: photo ${(open ?? 0) + 1} of ${photos.length}`}
        onClose={() => setOpen(undefined)}
      >
        <div className="modal-box max-w-4xl p-3 sm:p-4">
          <div className="mb-2 flex items-center justify-between gap-3">
            <p className="text-sm font-medium">
              Photo {(open ?? 0) + 1} of {photos.length}
            </p>
            <div className="flex items-center gap-1">
              {photos.length > 1 && (
                <>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={open === 0}
                    onClick={() => setOpen((current) => Math.max(0, (current ?? 0) - 1))}
                  >
                    Previous
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={open === photos.length - 1}
                    onClick={() =>
                      setOpen((current) => Math.min(photos.length - 1, (current ?? 0) + 1))
                    }
                  >
                    Next
                  </button>
                </>
              )}
              <form method="dialog">
                <button
                  type="submit"
                  className="btn btn-ghost btn-sm btn-square"
                  aria-label="Close"
                >
                  <LuX aria-hidden="true" className="size-5" />
                </button>
              </form>
            </div>
          </div>
          {shown && (
            <img
              src={shown.url}
              alt={`Photo ${(open ?? 0) + 1} of ${photos.length}`}
              width={shown.width}
              height={shown.height}
              className="mx-auto max-h-[75vh] w-auto rounded-field object-contain"
            />
          )}
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
