import { useBuilding } from '../lib/building';

export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 25V12l7-5 7 5v13h-5v-6h-4v6z" className="fill-primary-content" />
      <rect x="12.5" y="13" width="2.5" height="2.5" rx=".5" className="fill-primary" />
      <rect x="17" y="13" width="2.5" height="2.5" rx=".5" className="fill-primary" />
    </svg>
  );
}

/** The building's name (its admin sets it), one line, cut short with an ellipsis if long. */
export function BrandName({ className = '' }: { className?: string }) {
  const { data: building } = useBuilding();
  return (
    <span
      className={`block max-w-[11rem] truncate font-display text-lg font-semibold tracking-tight sm:max-w-xs sm:text-xl ${className}`}
    >
      {building?.name ?? ''}
    </span>
  );
}
