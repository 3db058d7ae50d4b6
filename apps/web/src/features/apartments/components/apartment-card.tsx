import type { Apartment } from '@structomate/contract';
import { Link } from 'react-router';
import { formatRent } from '../../../lib/format-plain';

/**
 * Spec §2 listing card: image, number, details, floor, block, rent and the way to rent it.
 * `eager` cards load their photo at once (the first row); the `leading` card's photo, the page's
 * largest paint on a phone, is fetched before anything else the page asks for.
 */
export function ApartmentCard({
  apartment,
  eager,
  leading = false,
}: {
  apartment: Apartment;
  eager: boolean;
  leading?: boolean;
}) {
  const headingId = `apartment-${apartment._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="relative aspect-[3/2] bg-base-300">
        <img
          src={apartment.apartmentImage}
          alt={`Inside apartment ${apartment.apartmentNo}`}
          width={768}
          height={512}
          loading={eager || leading ? 'eager' : 'lazy'}
          fetchPriority={leading ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
        />
        {!apartment.available && (
          <span className="badge badge-neutral absolute left-3 top-3 shadow">Occupied</span>
        )}
      </figure>
      <div className="card-body gap-3 p-5">
        <h2 id={headingId} className="card-title text-xl">
          Apartment {apartment.apartmentNo}
        </h2>
        <dl className="flex gap-2 text-sm">
          <div className="badge badge-ghost gap-1">
            <dt>Floor</dt>
            <dd className="font-semibold">{apartment.floorNo}</dd>
          </div>
          <div className="badge badge-ghost gap-1">
            <dt>Block</dt>
            <dd className="font-semibold">{apartment.blockName}</dd>
          </div>
        </dl>
        <p className="flex-1 text-sm leading-relaxed wrap-anywhere text-base-content/75">
          {apartment.details}
        </p>
        <p className="text-lg font-semibold text-primary">
          {formatRent(apartment.rent)}{' '}
          <span className="text-sm font-normal text-base-content/70">per month</span>
        </p>
        <div className="card-actions mt-1">
          {apartment.available ? (
            <Link to={`/apartment/${apartment._id}`} className="btn btn-primary btn-block">
              Rent This Apartment
            </Link>
          ) : (
            <button type="button" className="btn btn-block" disabled>
              Currently occupied
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
