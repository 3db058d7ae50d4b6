import { BRAND_NAME } from '@structomate/contract';
import { LuMapPin } from 'react-icons/lu';
import { useBuilding } from '../../../lib/building';

/** Spec §2 Location: heading, red disclaimer, embedded map (loaded only when scrolled to). */
export function LocationSection() {
  const { data: site } = useBuilding();
  return (
    <section id="location" aria-labelledby="location-heading" className="scroll-mt-20">
      <h2 id="location-heading" className="text-3xl font-semibold sm:text-4xl">
        Country road take me home...
      </h2>
      <p className="mt-3 max-w-3xl text-sm font-medium text-error">
        Disclaimer: the address pinned on this map is not real. It is only an example, and{' '}
        {BRAND_NAME} has no relation to the pinned address.
      </p>
      <div className="mt-6 overflow-hidden rounded-box border border-base-300 bg-base-200 shadow-sm">
        {site ? (
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
