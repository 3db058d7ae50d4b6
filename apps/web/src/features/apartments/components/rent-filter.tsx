import { useId, useRef } from 'react';
import { LuSearch } from 'react-icons/lu';

/**
 * Spec §2/§5: numeric "Search by maximum rent" with a Clear button; empty shows everything.
 * `issue` says why the budget in the field does not filter the list ("must be 0 or more").
 */
export function RentFilter({
  value,
  issue,
  onChange,
  onClear,
}: {
  value: string;
  issue: string | undefined;
  onChange: (value: string) => void;
  onClear: () => void;
}) {
  const inputId = useId();
  const issueId = `${inputId}-issue`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        Search by maximum rent
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className={`input w-full sm:w-80 ${issue ? 'input-error' : ''}`}>
          <LuSearch aria-hidden="true" className="size-4 opacity-60" />
          <input
            ref={input}
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="e.g. 40000"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? issueId : undefined}
            className="grow"
          />
          <span className="text-xs text-base-content/70">BDT</span>
        </label>
        <button
          type="button"
          className="btn btn-outline"
          // Clear disables itself: focus goes to the emptied field, not to the page's start.
          onClick={() => {
            onClear();
            input.current?.focus();
          }}
          disabled={value === ''}
        >
          Clear
        </button>
      </div>
      {issue && (
        // w-0 + min-w-full: as wide as the field and its button, never wider (no shift sideways).
        <p id={issueId} role="alert" className="mt-1.5 text-sm text-error sm:w-0 sm:min-w-full">
          The maximum rent {issue}; showing every apartment.
        </p>
      )}
    </div>
  );
}
