import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/brand-logo';

/** The frame of the login and registration screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-box border border-base-300 bg-base-100 p-8 shadow-sm">
        <BrandMark className="size-10" />
        <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
