import { LIST_SEARCH_MAX } from '@structomate/contract';
import type { ReactNode } from 'react';
import { useSearchText } from '../lib/use-page';

/**
 * A list page's search form: its filters (FilterSelect children), a text field and Search. The
 * text is sent, trimmed, when the form is submitted (`searchOrAskAgain` for a list whose view is
 * in the address); the filters apply as they change.
 */
export function ListSearch({
  label,
  searchId,
  searchLabel,
  onSearch,
  defaultText = '',
  children,
}: {
  /** The form's accessible name ("Find users"). */
  label: string;
  searchId: string;
  searchLabel: string;
  onSearch: (text: string) => void;
  /** The text searched for (from the address), shown in the field, and again when it changes. */
  defaultText?: string;
  children?: ReactNode;
}) {
  const [text, setText] = useSearchText(defaultText);
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      {children}
      <div className="flex grow flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className="input w-full"
          value={text}
          maxLength={LIST_SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

/** A labelled select among a list page's filters; `width` is its width from the sm breakpoint. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  width = 'sm:w-48',
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${width}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}
