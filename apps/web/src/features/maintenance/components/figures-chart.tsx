import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  monthLabel,
  type MaintenanceFigures,
} from '@structomate/contract';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Only the pieces a stacked bar chart needs; this file loads only with the chart.
Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** One colour per category, from the theme's teal, sand and terracotta family. */
const COLOURS: Record<(typeof MAINTENANCE_CATEGORIES)[number], string> = {
  plumbing: '#0f6b63',
  electrical: '#d99a3d',
  appliance: '#4f7fa8',
  heating_cooling: '#b5523b',
  pests: '#6c8a3c',
  locks_keys: '#7a5c99',
  common_area: '#8a7f6e',
  other: '#bdb5a6',
};

const short = (month: string) => {
  const [name = '', year = ''] = monthLabel(month).split(' ');
  return `${name.slice(0, 3)} ${year.slice(2)}`;
};

/**
 * Requests filed per month, stacked by category, over the last year; a table carries the same
 * figures for screen readers.
 */
export function FiguresChart({ months }: { months: MaintenanceFigures['byMonth'] }) {
  // Only the categories that had a request, so the legend stays short.
  const used = MAINTENANCE_CATEGORIES.filter((category) =>
    months.some((month) => (month.counts[category] ?? 0) > 0),
  );
  const total = months.reduce(
    (sum, month) =>
      sum + used.reduce((inner, category) => inner + (month.counts[category] ?? 0), 0),
    0,
  );
  return (
    <figure className="space-y-3">
      <figcaption className="flex flex-col gap-1 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <span className="font-semibold">Requests per month, by category</span>
        <span className="text-base-content/70">
          {total.toLocaleString('en-US')} in twelve months
        </span>
      </figcaption>
      <div className="relative h-64 min-w-0">
        <Bar
          role="img"
          aria-label={`Requests per month: ${months
            .map(
              (month) =>
                `${monthLabel(month.month)}: ${used.reduce((sum, category) => sum + (month.counts[category] ?? 0), 0)}`,
            )
            .join('; ')}`}
          data={{
            labels: months.map((month) => short(month.month)),
            datasets: used.map((category) => ({
              label: MAINTENANCE_CATEGORY_LABELS[category],
              data: months.map((month) => month.counts[category] ?? 0),
              backgroundColor: COLOURS[category],
              borderRadius: 3,
            })),
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { stacked: true, grid: { display: false } },
              y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
            },
            plugins: {
              legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
            },
          }}
        />
      </div>
      <table className="sr-only">
        <caption>Requests per month, by category</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {used.map((category) => (
              <th key={category} scope="col">
                {MAINTENANCE_CATEGORY_LABELS[category]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              {used.map((category) => (
                <td key={category}>{month.counts[category] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
