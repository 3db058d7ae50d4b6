import {
  AUTH_MESSAGES,
  AUTH_PATH,
  defaultStartDate,
  latestStartDate,
  leaseTerms,
} from '@structomate/contract';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useApartment } from '../../features/apartments/api/get-apartment';
import { useCreateAgreement } from '../../features/leases/api/create-agreement';
import { LeaseAgreement } from '../../features/leases/components/lease-agreement';
import { ApiError, messageOf } from '../../lib/api-client';
import { formatShortDate } from '../../lib/format';
import { dayIn, useToday } from '../../lib/now';
import { useOwnAgreement } from '../../lib/own-agreement';
import { useSession } from '../../lib/session';
import { useBuilding } from '../../lib/building';
import { useSiteConfig } from '../../lib/site-config';
import { untilApp, useHydrated } from '../../lib/hydrated';
import { NotFoundRoute } from './not-found';
import { BusyButton } from '../../components/busy-button';

/** Spec §2 lease agreement page, with signing (spec §4). */
export function AgreementRoute() {
  const { apartment_id: id = '' } = useParams();
  const { data: apartment, isPending, error } = useApartment(id);
  const building = useBuilding();
  const site = useSiteConfig();
  // Which day it is in the building's calendar (the browser's until the site settings arrive).
  const today = useToday(site.data?.timeZone);
  const [chosenStart, setStartDate] = useState<string>();
  const startDate = chosenStart ?? defaultStartDate(today);
  const latestStart = latestStartDate(today);
  // What the field holds while a date is typed segment by segment: the year passes through 0002
  // and 0020 on the way to 2026, and a half-typed date is empty. Only a day in range becomes the
  // lease's start.
  const [typedStart, setTypedStart] = useState<string>();
  const startOutOfRange = typedStart !== undefined && typedStart !== startDate;
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const signing = useCreateAgreement();
  // One request per intent: a double-click's second click arrives before the button re-renders
  // disabled, so the click itself is ignored while the first is under way.
  const applying = useRef(false);
  // A user may hold one pending request at a time (the server refuses a second with 409).
  const own = useOwnAgreement(user?.role === 'user');
  // Only while the reader is a user: a cached answer outlives a session ended elsewhere.
  const pending = user?.role === 'user' && own.data?.status === 'pending' ? own.data : null;
  // The request this reader signed for this apartment: its agreement is shown as signed.
  const signedHere = apartment && pending?.apartmentDetails._id === apartment._id ? pending : null;
  // The day it was signed in the building's calendar, as the lease's own dates are.
  const signedOn = signedHere
    ? dayIn(new Date(signedHere.agreementSigningDate), site.data?.timeZone)
    : undefined;

  if (isPending || building.isPending) return <LoadingSpinner label="Loading the agreement" />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <NotFoundRoute />;
  }
  if (!apartment || !building.data) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">We couldn’t load this agreement</h1>
        <p className="mt-2 text-base-content/75">Check your connection and reload the page.</p>
      </div>
    );
  }

  const apply = () => {
    if (applying.current) return;
    applying.current = true;
    if (!user) {
      // The page is left for the login form; nothing to release.
      toast.info(AUTH_MESSAGES.signInToSign);
      navigate(AUTH_PATH, { state: { from: location } });
      return;
    }
    signing.mutate(
      { apartment, startDate },
      {
        onSettled: () => {
          applying.current = false;
        },
        onSuccess: () => {
          toast.success(
            `Agreement signed. Your request for apartment ${apartment.apartmentNo} is with the building.`,
          );
          navigate('/dashboard');
        },
        onError: (failure) => toast.error(messageOf(failure, 'Internal Server Error')),
      },
    );
  };

  // Visitors (who will sign in to apply) and users without a waiting request may choose a start.
  const mayApply = apartment.available && (!user || user.role === 'user') && !pending;
  const printButton = (
    <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
      Print
    </button>
  );
  let action;
  // Why this reader cannot apply, said above the agreement too: at the foot of a long lease (on a
  // phone, a few thousand pixels down) it was found only by those who read to the end.
  let notApplying: ReactNode;
  if (!apartment.available) {
    notApplying = 'This apartment is occupied and cannot be leased right now.';
    action = (
      <>
        <p className="self-center text-sm text-base-content/75">
          This apartment is occupied and cannot be leased right now.
        </p>
        <Link to="/apartment" className="btn btn-primary">
          See available apartments
        </Link>
      </>
    );
  } else if (user && user.role !== 'user') {
    notApplying =
      user.role === 'admin'
        ? 'Administrators cannot sign a lease.'
        : 'You already rent an apartment here.';
    action = (
      <>
        <p className="self-center text-sm text-base-content/75">{notApplying}</p>
        {printButton}
      </>
    );
  } else if (pending) {
    notApplying = signedHere ? (
      `You asked for this apartment on ${formatShortDate(signedOn ?? pending.agreementSigningDate)}; the building will answer your request.`
    ) : (
      <>
        Your request for apartment{' '}
        {/* "C-101" kept on one line: a phone's line would break it after the hyphen. */}
        <span className="whitespace-nowrap">{pending.apartmentDetails.apartmentNo}</span> is waiting
        for an answer; then you can ask for another.
      </>
    );
    action = (
      <>
        <p className="basis-full text-sm text-balance text-base-content/75 sm:text-right">
          {notApplying}
        </p>
        {printButton}
        <Link to="/dashboard/myProfile" className="btn btn-outline btn-primary">
          See your request
        </Link>
      </>
    );
  } else {
    action = (
      <>
        {printButton}
        <BusyButton
          busy={signing.isPending}
          type="button"
          className="btn btn-primary min-w-32"
          onClick={apply}
          {...(startOutOfRange ? { disabled: true } : untilApp(hydrated))}
        >
          Apply
        </BusyButton>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6 lg:px-8 print:max-w-none print:p-0">
      <title>{`Lease agreement · Apartment ${apartment.apartmentNo} · StructoMate`}</title>
      {notApplying && (
        <p
          role="note"
          aria-label="Applying"
          className="mb-6 rounded-box border border-primary/30 bg-base-200 px-4 py-3 text-sm font-medium text-base-content print:hidden"
        >
          {notApplying}
        </p>
      )}
      <LeaseAgreement
        apartment={apartment}
        terms={
          signedHere?.terms ?? leaseTerms(building.data.leaseDefaults, apartment.rent, startDate)
        }
        signedOn={signedOn}
        startPicker={
          mayApply && (
            <div className="flex flex-col gap-1.5 pt-2 sm:max-w-xs print:hidden">
              <label htmlFor="lease-start" className="text-sm font-medium text-base-content">
                Start date
              </label>
              <input
                id="lease-start"
                type="date"
                className="input w-full"
                value={typedStart ?? startDate}
                min={today}
                max={latestStart}
                aria-describedby="lease-start-hint"
                aria-invalid={startOutOfRange}
                onChange={(event) => {
                  // Empty while a segment is half typed or cleared: left so (writing the last
                  // date back would undo the typing); the lease keeps its last good start.
                  const value = event.target.value;
                  setTypedStart(value);
                  if (value && value >= today && value <= latestStart) setStartDate(value);
                }}
              />
              <p
                id="lease-start-hint"
                className={`text-xs ${startOutOfRange ? 'font-medium text-error' : 'text-base-content/70'}`}
              >
                {startOutOfRange
                  ? 'Choose a day from today up to a year ahead.'
                  : 'From today up to a year ahead; the end date follows.'}
              </p>
            </div>
          )
        }
        tenantName={
          signedHere
            ? signedHere.tenant
            : user?.role === 'user' && apartment.available && !pending
              ? user.displayName
              : undefined
        }
        signedIn={Boolean(user)}
        action={action}
      />
    </div>
  );
}
