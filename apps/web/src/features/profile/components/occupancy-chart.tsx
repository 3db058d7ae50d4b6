import type { BlockOccupancy } from '@structomate/contract';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Only the pieces a stacked bar chart needs, so the chart code stays small.
Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const OCCUPIED = '#0f6b63';
const AVAILABLE = '#d9d3c7';

/** Occupied and available apartments per block; a table carries the same figures for screen readers. */
export function OccupancyChart({ blocks }: { blocks: BlockOccupancy[] }) {
  const summary = blocks
    .map((block) => `Block ${block.blockName}: ${block.occupied} of ${block.total} occupied`)
    .join('; ');
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-semibold">Occupancy by block</figcaption>
      <div className="relative h-56 min-w-0">
        <Bar
          role="img"
          aria-label={summary}
          data={{
            labels: blocks.map((block) => `Block ${block.blockName}`),
            datasets: [
              {
                label: 'Occupied',
                data: blocks.map((block) => block.occupied),
                backgroundColor: OCCUPIED,
                borderRadius: 6,
              },
              {
                label: 'Available',
                data: blocks.map((block) => block.total - block.occupied),
                backgroundColor: AVAILABLE,
                borderRadius: 6,
              },
            ],
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            scales: {
              x: { stacked: true, grid: { display: false } },
              y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
            },
            plugins: { legend: { position: 'bottom' } },
          }}
        />
      </div>
      <table className="sr-only">
        <caption>Occupancy by block</caption>
        <thead>
          <tr>
            <th scope="col">Block</th>
            <th scope="col">Occupied</th>
            <th scope="col">Apartments</th>
          </tr>
        </thead>
        <tbody>
          {blocks.map((block) => (
            <tr key={block.blockName}>
              <th scope="row">{block.blockName}</th>
              <td>{block.occupied}</td>
              <td>{block.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
