import { COUPON_LIMITS } from '@structomate/contract';
import { useEffect, useRef, useState } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';
import { PageHeader } from '../../../components/page-header';
import { CouponForm } from './coupon-form';
import { CouponTable } from './coupon-table';

const PANEL_ID = 'coupon-form-panel';

/**
 * Spec §2 Manage Coupons. The form is collapsed at first; it opens with a fade and scale and is
 * hidden 200 ms after closing (spec §9), once its closing animation has played. Its typed values
 * survive closing and opening again.
 */
export function ManageCoupons() {
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState(true);
  const hideTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const toggle = () => {
    window.clearTimeout(hideTimer.current);
    if (open) {
      setOpen(false);
      hideTimer.current = window.setTimeout(() => setHidden(true), COUPON_LIMITS.hideDelayMs);
    } else {
      setHidden(false);
      setOpen(true);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Manage Coupons"
        description="Discount codes tenants can use on their rent, and the one the home page shows."
        actions={
          <button
            type="button"
            className={`btn ${open ? 'btn-outline' : 'btn-primary'}`}
            aria-expanded={open}
            aria-controls={PANEL_ID}
            onClick={toggle}
          >
            {open ? (
              <LuX aria-hidden="true" className="size-4" />
            ) : (
              <LuPlus aria-hidden="true" className="size-4" />
            )}
            {open ? 'Close Coupon' : 'Create Coupon'}
          </button>
        }
      />
      <section
        id={PANEL_ID}
        aria-label="Create a coupon"
        hidden={hidden}
        // Above the table: the scale gives this panel its own stacking layer, and the date
        // picker's calendar, which opens inside it, must cover the table.
        className={`relative z-10 origin-top rounded-box border border-base-300 bg-base-100 p-5 shadow-sm transition duration-200 ease-out motion-reduce:transition-none sm:p-8 ${
          open ? 'scale-100 opacity-100 starting:scale-95 starting:opacity-0' : 'scale-95 opacity-0'
        }`}
      >
        <CouponForm />
      </section>
      <CouponTable />
    </div>
  );
}
