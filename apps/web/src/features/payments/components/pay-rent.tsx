import { MONTH_NAMES, MonthNameSchema, type MonthName } from '@structomate/contract';
import { useId, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { useMemberAgreement } from '../../../lib/member-lease';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { useRentLedger } from '../api/get-rent-ledger';
import { PaymentModal } from './payment-modal';
import { RentLedger } from './rent-ledger';

const wholeNumber = new Intl.NumberFormat('en-US');

const thisMonth = () => MONTH_NAMES[new Date().getUTCMonth()] ?? 'January';

/** Spec §2 Pay Rent: the lease's details read-only, a month, and Pay (which opens the modal). */
export function PayRent() {
  const { user } = useSession();
  const { data: lease, isPending } = useMemberAgreement(true);
  const site = useSiteConfig();
  const ledger = useRentLedger();
  // Until the member picks one, the month is the current one (spec), or once that is paid the
  // next month still open, so the page never opens on a month it refuses.
  const [picked, setMonth] = useState<MonthName | undefined>();
  // The month being paid, fixed while the modal is open (the default may move once it is paid).
  const [paying, setPaying] = useState<MonthName | undefined>();
  const id = useId();

  if (!user) return null;
  const apartment = lease?.apartmentDetails;
  // The server's calendar decides which year the month names mean.
  const year = Number(ledger.data?.currentMonth.slice(0, 4) ?? new Date().getUTCFullYear());
  const statusOf = (name: MonthName) => {
    const key = `${year}-${String(MONTH_NAMES.indexOf(name) + 1).padStart(2, '0')}`;
    const entry = ledger.data?.months.find((m) => m.billingMonth === key);
    if (entry?.status === 'paid') return 'paid';
    if (ledger.data && key < ledger.data.leaseStart) return 'before';
    return 'open';
  };
  const current = thisMonth();
  const later = MONTH_NAMES.slice(MONTH_NAMES.indexOf(current) + 1);
  const open = MONTH_NAMES.filter((name) => statusOf(name) === 'open');
  const month =
    picked ??
    (statusOf(current) === 'open'
      ? current
      : (later.find((name) => open.includes(name)) ?? open[0] ?? current));
  const selectedStatus = statusOf(month);

  const field = (label: string, value: string | number, name: string) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input w-full cursor-default border-transparent bg-base-200/70 shadow-none"
        value={value}
        readOnly
      />
    </div>
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title="Make Payment"
        description="Pay your rent by card. The amount comes from your lease."
      />
      {isPending || !apartment || site.isPending ? (
        <LoadingSpinner label="Loading your lease" />
      ) : (
        <form
          className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            setPaying(month);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {field('Email', user.email, 'email')}
            {field('Floor', apartment.floorNo, 'floor')}
            {field('Block name', apartment.blockName, 'block')}
            {field('Apartment number', apartment.apartmentNo, 'apartment')}
            {field('Rent (BDT per month)', wholeNumber.format(apartment.rent), 'rent')}
            <div className="space-y-1.5">
              <label htmlFor={`${id}-month`} className="block text-sm font-medium">
                Month
              </label>
              <select
                id={`${id}-month`}
                className="select w-full"
                required
                value={month}
                onChange={(event) => {
                  const picked = MonthNameSchema.safeParse(event.target.value);
                  if (picked.success) setMonth(picked.data);
                }}
              >
                {MONTH_NAMES.map((name) => {
                  const status = statusOf(name);
                  return (
                    <option key={name} value={name} disabled={status !== 'open'}>
                      {name}
                      {status === 'paid'
                        ? ' (paid)'
                        : status === 'before'
                          ? ' (before your lease)'
                          : ''}
                    </option>
                  );
                })}
              </select>
            </div>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
            {selectedStatus === 'paid' && (
              <p className="text-sm text-base-content/75">
                {open.length > 0
                  ? `${month} ${year} is paid. Choose another month.`
                  : `Every month of ${year} is paid. Thank you!`}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary min-w-32"
              disabled={selectedStatus !== 'open'}
            >
              Pay
            </button>
          </div>
        </form>
      )}
      {ledger.data && <RentLedger ledger={ledger.data} />}
      {paying && apartment && site.data && (
        <PaymentModal
          month={paying}
          rent={apartment.rent}
          email={user.email}
          payments={site.data.payments}
          onClose={() => setPaying(undefined)}
        />
      )}
    </div>
  );
}
