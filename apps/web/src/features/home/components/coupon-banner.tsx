import { BRAND_NAME, LAUNCH_COUPON } from '@structomate/contract';
import { LuCopy, LuTicket } from 'react-icons/lu';
import { toast } from 'react-toastify';
import { formatLongDate } from '../../../lib/format';

/** Spec §2 coupon banner, the side panel of the home page. */
export function CouponBanner() {
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(LAUNCH_COUPON.code);
      toast.success(`Coupon code ${LAUNCH_COUPON.code} copied`);
    } catch {
      toast.error(`Couldn't copy the code. Select ${LAUNCH_COUPON.code} and copy it yourself.`);
    }
  };

  return (
    <aside
      aria-labelledby="offer-heading"
      className="relative flex h-full flex-col justify-between gap-6 overflow-hidden rounded-box bg-primary p-6 text-primary-content shadow-sm sm:p-8"
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
          {BRAND_NAME}
        </p>
        <h2 id="offer-heading" className="text-3xl font-semibold sm:text-4xl">
          Special Offer!
        </h2>
        <p className="text-xl font-medium">{LAUNCH_COUPON.headline}</p>
      </div>
      <div className="relative space-y-3">
        <p className="text-sm text-primary-content/90">
          Use the code when you pay your first rent:
        </p>
        <div className="flex items-center gap-2 rounded-field border-2 border-dashed border-primary-content/50 bg-primary-content/10 p-2 pl-4">
          <code className="flex-1 font-mono text-xl font-bold tracking-widest">
            {LAUNCH_COUPON.code}
          </code>
          <button
            type="button"
            onClick={copyCode}
            className="btn btn-sm border-0 bg-primary-content text-primary hover:bg-primary-content/90"
            aria-label={`Copy coupon code ${LAUNCH_COUPON.code}`}
          >
            <LuCopy aria-hidden="true" className="size-4" />
            Copy
          </button>
        </div>
        <p className="text-sm">
          Valid until{' '}
          <time dateTime={LAUNCH_COUPON.validUntil}>
            {formatLongDate(LAUNCH_COUPON.validUntil)}
          </time>
        </p>
        <p className="text-xs text-primary-content/90">*Terms and conditions apply.</p>
      </div>
    </aside>
  );
}
