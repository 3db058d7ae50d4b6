import { COUPON_TERMS, LAUNCH_COUPON, type FeaturedCoupon } from '@structomate/contract';
import { useEffect } from 'react';
import { LuCopy, LuTicket } from 'react-icons/lu';
import { toast } from '../../../lib/toast';
import { useBuildingName } from '../../../lib/building';
import { formatLongDate } from '../../../lib/format-plain';
import { useToday } from '../../../lib/now';
import { useSiteConfig } from '../../../lib/site-config';
import { useFeaturedCoupon } from '../api/get-featured-coupon';

interface Offer {
  heading: string;
  headline: string;
  code: string;
  /** Last valid day, `YYYY-MM-DD`. */
  validUntil: string;
}

/** Spec §2 banner content: the launch offer, shown unless the admin features another coupon. */
const launchOffer: Offer = {
  heading: 'Special Offer!',
  headline: LAUNCH_COUPON.headline,
  code: LAUNCH_COUPON.code,
  validUntil: LAUNCH_COUPON.validUntil,
};

/** A featured coupon always states its discount, even when its description does not. */
const offerOf = (coupon: FeaturedCoupon): Offer => ({
  heading: coupon.heading,
  headline: coupon.description.includes(`${coupon.percentage}%`)
    ? coupon.description
    : `${coupon.percentage}% OFF · ${coupon.description}`,
  code: coupon.code,
  validUntil: coupon.validity,
});

/**
 * While the featured coupon loads, the launch offer's text holds the space (hidden under
 * skeleton bars), so the banner keeps its size and nothing below it moves.
 */
const pending = (loading: boolean) =>
  loading ? 'animate-pulse rounded-field bg-primary-content/20 text-transparent select-none' : '';

/** Spec §2 coupon banner, the side panel of the home page. */
export function CouponBanner() {
  const { data: featured, isPending, error } = useFeaturedCoupon();
  const buildingName = useBuildingName();
  // The building's calendar decides when an offer has run out (the server's coupon rules use it).
  const today = useToday(useSiteConfig().data?.timeZone);
  useEffect(() => {
    // Spec §8: a failed load is logged only; the banner shows the launch offer.
    if (error) console.warn('The featured coupon could not be loaded', error);
  }, [error]);
  const loading = isPending;
  const offer = featured ? offerOf(featured) : launchOffer;
  // A featured coupon is always active (the server says so); the launch offer may have lapsed.
  const ended = !loading && offer.validUntil < today;

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(offer.code);
      toast.success(`Coupon code ${offer.code} copied`);
    } catch {
      toast.error(`Couldn't copy the code. Select ${offer.code} and copy it yourself.`);
    }
  };

  return (
    <aside
      aria-labelledby="offer-heading"
      aria-busy={loading}
      className="relative flex h-full flex-col justify-center gap-8 overflow-hidden rounded-box bg-primary p-6 text-primary-content shadow-sm sm:p-8"
    >
      <div
        aria-hidden="true"
        className="absolute -right-16 -top-16 size-48 rounded-full bg-primary-content/10"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-20 -left-10 size-56 rounded-full bg-primary-content/5"
      />
      <div className="relative space-y-3">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-primary-content/90">
          <LuTicket aria-hidden="true" className="size-4" />
          {buildingName}
        </p>
        <h2 id="offer-heading" className="text-3xl font-semibold break-words sm:text-4xl">
          <span className={pending(loading)}>{offer.heading}</span>
        </h2>
        <p className="text-xl font-medium break-words">
          <span className={pending(loading)}>{offer.headline}</span>
        </p>
      </div>
      <div className="relative space-y-3">
        <p className="text-sm text-primary-content/90">
          {ended
            ? 'This offer has ended; new offers from the building appear here.'
            : featured
              ? 'Use the code when you pay your rent:'
              : 'Use the code when you pay your first rent:'}
        </p>
        <div className="flex items-center gap-2 rounded-field border-2 border-dashed border-primary-content/50 bg-primary-content/10 p-2 pl-4">
          <code className="flex-1 font-mono text-xl font-bold tracking-widest">
            <span className={pending(loading)}>{offer.code}</span>
          </code>
          {/* An ended code is not offered for copying: checkout would refuse it. */}
          {!ended && (
            <button
              type="button"
              onClick={copyCode}
              disabled={loading}
              className="btn btn-sm border-0 bg-primary-content text-primary hover:bg-primary-content/90 disabled:bg-primary-content/60 disabled:text-primary"
              aria-label={`Copy coupon code ${offer.code}`}
            >
              <LuCopy aria-hidden="true" className="size-4" />
              Copy
            </button>
          )}
        </div>
        <p className="text-sm">
          <span className={pending(loading)}>
            Valid until <time dateTime={offer.validUntil}>{formatLongDate(offer.validUntil)}</time>
          </span>
          {ended && (
            <span className="ml-2 rounded-selector bg-primary-content px-2 py-0.5 text-xs font-semibold text-primary">
              Ended
            </span>
          )}
        </p>
        <p className="text-xs text-primary-content/90">
          *Terms and conditions apply. {COUPON_TERMS}
        </p>
      </div>
    </aside>
  );
}
