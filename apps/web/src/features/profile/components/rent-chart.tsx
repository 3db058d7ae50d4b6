import { monthLabel, type AdminStats } from '@structomate/contract';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatRent } from '../../../lib/format';

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip);

const short = (billingMonth: string) => {
  const [name = '', year = ''] = monthLabel(billingMonth).split(' ');
  return `${name.slice(0, 3)} ${year.slice(2)}`;
};

/** Rent received per month over the last year; a table carries the figures for screen readers. */
export function RentChart({ months }: { months: AdminStats['rentCollected'] }) {
  const total = months.reduce((sum, month) => sum + month.amount, 0);
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-col gap-1 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <span className="font-semibold">Rent collected per month</span>
        <span className="text-base-content/70">{formatRent(total)} in twelve months</span>
      </figcaption>
      <div className="relative h-56 min-w-0">
        <Bar
          role="img"
          aria-label={months
            .map((m) => `${monthLabel(m.billingMonth)}: ${formatRent(m.amount)}`)
            .join('; ')}
          data={{
            labels: months.map((month) => short(month.billingMonth)),
            datasets: [
              {
                label: 'Rent collected (BDT)',
                data: months.map((month) => month.amount),
                backgroundColor: '#0f6b63',
                borderRadius: 6,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { grid: { display: false } },
              // Whole taka; with nothing received yet the axis still reads as money, not 0–1.
              y: {
                beginAtZero: true,
                suggestedMax: total === 0 ? 10_000 : undefined,
                ticks: { precision: 0 },
              },
            },
            plugins: { legend: { display: false } },
          }}
        />
        {total === 0 && (
          <p className="pointer-events-none absolute inset-y-0 right-0 left-14 flex items-center justify-center p-4">
            <span className="rounded-box bg-base-100 px-3 py-1.5 text-center text-sm text-base-content/75">
              No rent received in these twelve months yet.
            </span>
          </p>
        )}
      </div>
      <table className="sr-only">
        <caption>Rent collected per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Rent collected</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.billingMonth}>
              <th scope="row">{monthLabel(month.billingMonth)}</th>
              <td>{formatRent(month.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
