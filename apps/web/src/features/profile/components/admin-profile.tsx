import { lazy } from 'react';
import { ChartSlot } from '../../../components/chart-slot';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useAdminStats } from '../api/get-admin-stats';
import { Fact, ProfileCard } from './profile-card';
import { LoadError } from '../../../components/load-error';

// The chart library loads only when this page shows a chart.
const OccupancyChart = lazy(() =>
  import('./occupancy-chart').then((module) => ({ default: module.OccupancyChart })),
);
const RentChart = lazy(() =>
  import('./rent-chart').then((module) => ({ default: module.RentChart })),
);

const percent = (part: number, whole: number) =>
  `${whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10}%`;

/** Spec §2 admin profile: who you are and how the building is doing, counted by the server. */
export function AdminProfile() {
  const { user } = useSession();
  const { data: stats, isPending, isError, refetch } = useAdminStats();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Admin Profile" description="The building at a glance." />
      <ProfileCard user={user}>
        {isPending ? (
          <LoadingSpinner label="Loading the building's figures" />
        ) : isError || !stats ? (
          <LoadError onRetry={refetch}>The figures could not be loaded.</LoadError>
        ) : (
          // Rooms on one row, people on the next; on phones the total takes a row of its own.
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <Fact label="Total rooms" value={stats.totalRooms} className="col-span-2" />
            <Fact
              label="Available rooms"
              value={`${percent(stats.availableRooms, stats.totalRooms)} (${stats.availableRooms})`}
              className="lg:col-span-2"
            />
            <Fact
              label="Occupied rooms"
              value={`${percent(stats.occupiedRooms, stats.totalRooms)} (${stats.occupiedRooms})`}
              className="lg:col-span-2"
            />
            <Fact label="Total users" value={stats.users} className="lg:col-span-3" />
            <Fact label="Total members" value={stats.members} className="lg:col-span-3" />
          </dl>
        )}
      </ProfileCard>
      {stats && (
        <div className="grid gap-6 xl:grid-cols-2">
          {stats.blocks.length > 0 && (
            <section className="min-w-0 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
              <ChartSlot>
                <OccupancyChart blocks={stats.blocks} />
              </ChartSlot>
            </section>
          )}
          <section className="min-w-0 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <ChartSlot>
              <RentChart months={stats.rentCollected} />
            </ChartSlot>
          </section>
        </div>
      )}
    </div>
  );
}
