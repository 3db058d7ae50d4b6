import { Outlet } from 'react-router';

/** The dashboard frame; its pages and side menus arrive with accounts (spec §2 Dashboard children). */
export function DashboardRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>Dashboard · StructoMate</title>
      <h1 className="text-3xl font-semibold">Dashboard</h1>
      <Outlet />
    </div>
  );
}
