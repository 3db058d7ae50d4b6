import { BRAND_NAME } from '@structomate/contract';
import { useRef } from 'react';
import { LuMapPin } from 'react-icons/lu';
import { useBuilding } from '../../../lib/building';
import { useNearViewport } from '../../../lib/near-viewport';

/**
 * How near the viewport the map's frame is put in. A browser's own `loading="lazy"` loads a frame
 * already 1,250–2,500 px away, so a phone opening the home page loaded the map (Google's scripts,
 * or the browser's error page offline) while the page was still starting.
 */
const MAP_MARGIN = '300px 0px';

/** Spec §2 Location: heading, red disclaimer, embedded map (loaded only when scrolled to). */
export function LocationSection() {
  const { data: site } = useBuilding();
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame, MAP_MARGIN);
  return (
    <section id="location" aria-labelledby="location-heading" className="scroll-mt-20">
      <h2 id="location-heading" className="text-3xl font-semibold sm:text-4xl">
        Country road take me home...
      </h2>
      <p className="mt-3 max-w-3xl text-sm font-medium text-error">
        Disclaimer: the address pinned on this map is not real. It is only an example, and{' '}
        {BRAND_NAME} has no relation to the pinned address.
      </p>
      <div
        ref={frame}
        className="mt-6 overflow-hidden rounded-box border border-base-300 bg-base-200 shadow-sm"
      >
        {site && near ? (
          <iframe
            title={`Map showing ${site.address}`}
            src={site.mapEmbedUrl}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            className="block h-80 w-full sm:h-96"
          />
        ) : (
          <div className="h-80 w-full sm:h-96" aria-hidden="true" />
        )}
        {site && (
          <p className="flex items-center gap-2 border-t border-base-300 px-4 py-3 text-sm text-base-content/75">
            <LuMapPin aria-hidden="true" className="size-4 text-primary" />
            {site.address}
          </p>
        )}
      </div>
    </section>
  );
}
