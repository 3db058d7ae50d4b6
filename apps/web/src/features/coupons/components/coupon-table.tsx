import { COUPON_MESSAGES, type ManagedCoupon } from '@structomate/contract';
import { useEffect, useState } from 'react';
import { LuHouse } from 'react-icons/lu';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { Pager } from '../../../components/pager';
import { useKeepPageInRange, usePageParam } from '../../../lib/use-page';
import { EmptyState } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { couponUsage } from './coupon-usage';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useFeatureCoupon } from '../api/feature-coupon';
import { useCoupons } from '../api/get-coupons';
import { LoadError } from '../../../components/load-error';
import { useToday } from '../../../lib/now';
import { useSiteConfig } from '../../../lib/site-config';

/** Spec §2 coupon table: Heading, Coupon Code and Action (Remove); ours: feature on the home page. */
export function CouponTable() {
  // Expired by the building's calendar, as payments and the banner judge coupons.
  const today = useToday(useSiteConfig().data?.timeZone);
  const [page, setPage] = usePageParam();
  const { data, isPending, error, refetch } = useCoupons(page);
  const coupons = data?.items;
  useKeepPageInRange(page, data?.pageCount, setPage);
  const removal = useDeleteCoupon();
  const featuring = useFeatureCoupon();
  const [confirming, setConfirming] = useState<ManagedCoupon | null>(null);
  useEffect(() => {
    // Spec §8: a failed fetch is logged; the page also offers to try again.
    if (error) console.warn('Coupons could not be loaded', error);
  }, [error]);

  if (isPending) return <LoadingSpinner label="Loading coupons" />;
  if (!coupons) {
    return <LoadError onRetry={refetch}>The coupons could not be loaded.</LoadError>;
  }
  if (coupons.length === 0) return <EmptyState>{COUPON_MESSAGES.empty}</EmptyState>;

  const remove = (coupon: ManagedCoupon) =>
    removal.mutate(coupon._id, {
      onSuccess: () => toast.success(COUPON_MESSAGES.removed),
      onError: (failure) => {
        console.warn('Coupon not removed', failure);
        toast.error(COUPON_MESSAGES.removeFailed);
      },
    });
  const feature = (coupon: ManagedCoupon) =>
    featuring.mutate(coupon._id, {
      onSuccess: () => toast.success(`${coupon.code} is now shown on the home page`),
      onError: (failure) => {
        console.warn('Coupon not featured', failure);
        const reason = messageOf(failure, '');
        toast.error(
          `Couldn't feature ${coupon.code} on the home page.${reason ? ` ${reason}` : ''}`,
        );
      },
    });

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
        <table className="table table-sm sm:table-md">
          <caption className="sr-only">Coupons, newest first</caption>
          <thead className="text-base-content/80">
            <tr>
              <th scope="col">Heading</th>
              {/* Phones show the code under the heading; the column needs width they lack. */}
              <th scope="col" className="hidden sm:table-cell">
                Coupon Code
              </th>
              <th scope="col" className="text-right">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((coupon) => {
              const expired = coupon.validity < today;
              const busy =
                (removal.isPending && removal.variables === coupon._id) ||
                (featuring.isPending && featuring.variables === coupon._id);
              return (
                <tr key={coupon._id} className="align-top">
                  <td>
                    <p className="text-sm font-semibold break-words sm:text-base">
                      {coupon.heading}
                    </p>
                    <code className="font-mono text-sm font-semibold sm:hidden">{coupon.code}</code>
                    <p className="text-sm break-words text-base-content/75">
                      {coupon.description.includes(`${coupon.percentage}%`)
                        ? coupon.description
                        : `${coupon.percentage}% · ${coupon.description}`}
                    </p>
                    <p className="text-xs text-base-content/70">
                      {expired ? 'Expired' : 'Valid until'} {formatLongDate(coupon.validity)}
                    </p>
                    {coupon.uses !== undefined && (
                      <p className="text-xs text-base-content/70">{couponUsage(coupon)}</p>
                    )}
                    {/* Whether the home page shows it, or a way to make it do so. */}
                    {!expired && (
                      <div className="mt-2">
                        {coupon.featured ? (
                          <span className="badge badge-soft badge-primary badge-sm whitespace-nowrap">
                            <LuHouse aria-hidden="true" className="size-3" />
                            On home page
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-soft btn-primary btn-xs whitespace-nowrap"
                            onClick={() => feature(coupon)}
                            disabled={busy}
                          >
                            Feature on home page
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                  <td className="hidden w-0 whitespace-nowrap sm:table-cell">
                    <code className="font-mono font-semibold sm:tracking-wider">{coupon.code}</code>
                  </td>
                  <td className="w-0 text-right">
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      onClick={() => setConfirming(coupon)}
                      disabled={busy}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <ConfirmDialog
          open={confirming !== null}
          title={`Remove coupon ${confirming?.code ?? ''}?`}
          confirmLabel="Remove"
          onConfirm={() => {
            if (confirming) remove(confirming);
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        >
          <p>
            Tenants can no longer use it. A coupon a payment used stays with that payment&apos;s
            receipt.
          </p>
        </ConfirmDialog>
      </div>
      {data.pageCount > 1 && <Pager page={page} pageCount={data.pageCount} onPage={setPage} />}
    </div>
  );
}
