import { lazy, type ReactNode } from 'react';
import { ChartSlot } from '../../../components/chart-slot';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useMaintenanceFigures } from '../api/get-figures';
import { hoursText } from './format';

// The chart library loads only when the figures have something to draw.
const FiguresChart = lazy(() =>
  import('./figures-chart').then((module) => ({ default: module.FiguresChart })),
);

function Figure({
  label,
  value,
  tone = '',
  note,
  className = '',
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  note?: string;
  className?: string;
}) {
  return (
    <div className={`rounded-box bg-base-200/70 px-4 py-3 ${className}`}>
      <dt className="text-xs font-semibold tracking-wider text-base-content/70 uppercase">
        {label}
      </dt>
      <dd className={`mt-1 text-lg font-semibold ${tone}`}>
        {value}
        {note && <span className="block text-xs font-normal text-base-content/70">{note}</span>}
      </dd>
    </div>
  );
}

/** The Admin Profile's maintenance figures: what is open, how fast it is handled, what breaks. */
export function MaintenanceFigures() {
  const figures = useMaintenanceFigures();
  return (
    <section
      aria-labelledby="maintenance-figures-heading"
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="maintenance-figures-heading" className="text-xl font-semibold">
          Maintenance
        </h2>
        <Link to="/dashboard/maintenance" className="link link-primary text-sm font-medium">
          Open the inbox
        </Link>
      </div>
      {figures.isPending ? (
        <div className="skeleton h-24 w-full" aria-hidden="true" />
      ) : figures.isError ? (
        <LoadError onRetry={figures.refetch}>
          The maintenance figures could not be loaded.
        </LoadError>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Figure
              label="Open emergencies"
              value={figures.data.open.emergency}
              tone={figures.data.open.emergency > 0 ? 'text-error' : ''}
              className="col-span-2 lg:col-span-1"
            />
            <Figure label="Open urgent" value={figures.data.open.urgent} />
            <Figure label="Open routine" value={figures.data.open.routine} />
            <Figure
              label="First response"
              value={hoursText(figures.data.medianHoursToFirstResponse)}
              note="median, 90 days"
            />
            <Figure
              label="Resolution"
              value={hoursText(figures.data.medianHoursToResolution)}
              note="median, 90 days"
            />
          </dl>
          <ChartSlot>
            <FiguresChart months={figures.data.byMonth} />
          </ChartSlot>
        </>
      )}
    </section>
  );
}
