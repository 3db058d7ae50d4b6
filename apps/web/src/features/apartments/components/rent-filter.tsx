import { useId } from 'react';
import { LuSearch } from 'react-icons/lu';

/** Spec §2/§5: numeric "Search by maximum rent" with a Clear button; empty shows everything. */
export function RentFilter({
  value,
  onChange,
  onClear,
}: {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="w-full sm:max-w-xs">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          Search by maximum rent
        </label>
        <label className="input w-full">
          <LuSearch aria-hidden="true" className="size-4 opacity-60" />
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="e.g. 40000"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className="grow"
          />
          <span className="text-xs text-base-content/70">BDT</span>
        </label>
      </div>
      <button type="button" className="btn btn-outline" onClick={onClear} disabled={value === ''}>
        Clear
      </button>
    </div>
  );
}
