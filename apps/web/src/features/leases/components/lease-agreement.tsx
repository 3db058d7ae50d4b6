import { BRAND_NAME, type Apartment, type LeaseTerms } from '@structomate/contract';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { useBuildingName } from '../../../lib/building';
import { formatLongDate, formatRent, ordinal } from '../../../lib/format';
import { useToday } from '../../../lib/now';
import { useSiteConfig } from '../../../lib/site-config';

function Clause({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`clause-${number}`} className="break-inside-avoid">
      <h2 id={`clause-${number}`} className="text-xl font-semibold">
        {number}. {title}
      </h2>
      <div className="mt-2 space-y-2 leading-relaxed text-base-content/85">{children}</div>
    </section>
  );
}

/** Spec §2 lease agreement: the ten sections, filled from the apartment and the lease terms. */
export function LeaseAgreement({
  apartment,
  terms,
  startPicker,
  tenantName,
  signedIn,
  signedOn,
  action,
}: {
  apartment: Apartment;
  /** The lease's terms: the building's defaults from the chosen start (spec §9 by default). */
  terms: LeaseTerms;
  /** Where the reader who may sign chooses the start (not printed). */
  startPicker?: ReactNode;
  /** The reader's name when they can sign this lease or have signed it; otherwise a blank line. */
  tenantName: string | undefined;
  signedIn: boolean;
  /** The day the reader signed it (the building's calendar), for an agreement already signed. */
  signedOn?: string;
  action: ReactNode;
}) {
  // The landlord is the building, as its admin names it.
  const landlord = useBuildingName();
  // The day the reader signs, in the building's calendar (the lease's dates are the building's).
  const today = useToday(useSiteConfig().data?.timeZone);
  const dated = signedOn ?? today;
  const rent = formatRent(terms.rent);
  const months = terms.termMonths === 1 ? 'one month' : `${terms.termMonths} months`;
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-10 print:border-0 print:p-0 print:shadow-none">
      <header className="border-b border-base-300 pb-6 text-center">
        <h1 className="text-3xl font-semibold sm:text-4xl">Residential Lease Agreement</h1>
        <p className="mt-2 text-sm text-base-content/70">
          {signedOn ? 'Signed' : 'Date'}:{' '}
          <time dateTime={dated}>{format(parseISO(dated), 'MMMM d, yyyy')}</time>
        </p>
        <dl className="mt-6 grid gap-4 text-left sm:grid-cols-2">
          <div className="rounded-field bg-base-200 p-4">
            <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
              Landlord
            </dt>
            <dd className="mt-1 font-medium">{landlord}</dd>
          </div>
          <div className="rounded-field bg-base-200 p-4">
            <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
              Tenant
            </dt>
            <dd className="mt-1 font-medium">
              {tenantName ?? (
                <>
                  <span className="text-base-content/70 print:hidden">
                    {signedIn ? 'Name of the tenant' : 'Your name appears here once you log in'}
                  </span>
                  <span className="hidden print:inline">______________________________</span>
                </>
              )}
            </dd>
          </div>
        </dl>
      </header>

      <div className="mt-8 space-y-8">
        <Clause number={1} title="Apartment Details">
          <div className="grid gap-6 md:grid-cols-2">
            <img
              src={apartment.apartmentImage}
              alt={`Inside apartment ${apartment.apartmentNo}`}
              width={768}
              height={512}
              // The page's largest picture: fetched first, and drawn before the app's code runs.
              fetchPriority="high"
              className="aspect-[3/2] w-full rounded-box bg-base-300 object-cover"
            />
            {/* min-w-0 and wrap-anywhere: the office's text wraps, a long word too (no page wider
                than the screen). */}
            <dl className="grid min-w-0 content-start gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-semibold">Apartment number</dt>
              <dd>{apartment.apartmentNo}</dd>
              <dt className="font-semibold">Block name</dt>
              <dd>{apartment.blockName}</dd>
              <dt className="font-semibold">Floor number</dt>
              <dd>{apartment.floorNo}</dd>
              <dt className="font-semibold">Rent</dt>
              <dd>{rent} per month</dd>
              <dt className="font-semibold">Details</dt>
              <dd className="wrap-anywhere">{apartment.details}</dd>
            </dl>
          </div>
        </Clause>
        <Clause number={2} title="Term">
          <p>
            The lease starts on {formatLongDate(terms.startDate)} and ends on{' '}
            {formatLongDate(terms.endDate)}, a fixed term of {months}.
          </p>
          {startPicker}
        </Clause>
        <Clause number={3} title="Rent">
          <p>
            The tenant pays {rent} per month, in advance, on or before the{' '}
            {ordinal(terms.rentDueDay)} of each month, by online transfer through {BRAND_NAME}.
          </p>
        </Clause>
        <Clause number={4} title="Security Deposit">
          {terms.depositMonths === 0 ? (
            <p>No security deposit is required.</p>
          ) : (
            <p>
              A deposit of{' '}
              {terms.depositMonths === 1
                ? 'one month’s rent'
                : `${terms.depositMonths} months’ rent`}{' '}
              ({formatRent(terms.deposit)}) is paid before moving in. It is refunded at the end of
              the lease if there are no damages and no dues.
            </p>
          )}
        </Clause>
        <Clause number={5} title="Utilities">
          <p>The tenant pays for electricity, internet and gas. The landlord pays for water.</p>
        </Clause>
        <Clause number={6} title="Maintenance">
          <p>
            The tenant keeps the apartment clean and in good condition and reports any damage or
            fault to the building office promptly. The landlord repairs the structure, shared areas
            and building systems (plumbing, wiring, lifts) within a reasonable time, except for
            damage the tenant or their guests cause.
          </p>
        </Clause>
        <Clause number={7} title="Use of Premises">
          <p>The apartment is for residential use only. Subletting is not allowed.</p>
        </Clause>
        <Clause number={8} title="Termination">
          <p>Either party may end this agreement with {terms.noticeDays} days’ written notice.</p>
        </Clause>
        <Clause number={9} title="Additional Terms">
          <ul className="list-inside list-disc">
            <li>No pets.</li>
            <li>No smoking.</li>
            {terms.parking && <li>{terms.parking}</li>}
          </ul>
        </Clause>
        <Clause number={10} title="Signatures">
          <p>
            By selecting Apply, the tenant signs this agreement online; it takes effect when the
            landlord accepts the request.
          </p>
          <div className="mt-10 grid gap-10 sm:grid-cols-2 print:grid-cols-2">
            {[
              ['Landlord', landlord, undefined],
              ['Tenant', tenantName ?? 'Name of the tenant', signedOn],
            ].map(([role, name, on]) => (
              <div key={role} className="space-y-1 text-sm">
                <div className="h-10 border-b border-base-content/50" aria-hidden="true" />
                <p className="font-semibold">{role}</p>
                <p className="text-base-content/75">{name}</p>
                <p className="pt-4 text-base-content/75">
                  {on
                    ? `Signed online: ${format(parseISO(on), 'MMMM d, yyyy')}`
                    : 'Date: ____________________'}
                </p>
              </div>
            ))}
          </div>
        </Clause>
      </div>
      <footer className="mt-10 flex flex-wrap justify-end gap-3 print:hidden">{action}</footer>
    </article>
  );
}
