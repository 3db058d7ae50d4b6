import { COUPON_LIMITS } from '@structomate/contract';
import { addMonths, format, getMonth, getYear, parseISO, startOfDay } from 'date-fns';
import DatePicker, { type ReactDatePickerCustomHeaderProps } from 'react-datepicker';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import 'react-datepicker/dist/react-datepicker.css';
import './validity-picker.css';
import { dayIn, useNow } from '../../../lib/now';

const MONTHS = Array.from({ length: 12 }, (_, month) => format(new Date(2024, month, 1), 'MMMM'));
/** Spec §2/§9: the format shown in the field. */
export const VALIDITY_DISPLAY_FORMAT = 'MMMM d, yyyy';
/** How far ahead a coupon may run: the next 24 months (the API takes any later day too). */
const MONTHS_AHEAD = 24;
const lastDay = () => addMonths(startOfDay(new Date()), MONTHS_AHEAD);

/** Labelled month and year lists (years from 2024 to the last one offered) and arrows. */
function PickerHeader({
  date,
  changeMonth,
  changeYear,
  decreaseMonth,
  increaseMonth,
  prevMonthButtonDisabled,
  nextMonthButtonDisabled,
}: ReactDatePickerCustomHeaderProps) {
  const lastYear = getYear(lastDay());
  const years: number[] = [];
  for (let year = COUPON_LIMITS.firstYear; year <= lastYear; year += 1) years.push(year);
  return (
    <div className="flex items-center justify-between gap-1 px-2 pb-2">
      <button
        type="button"
        onClick={decreaseMonth}
        disabled={prevMonthButtonDisabled}
        aria-label="Previous month"
        className="btn btn-ghost btn-sm btn-square"
      >
        <LuChevronLeft aria-hidden="true" className="size-4" />
      </button>
      <select
        aria-label="Month"
        value={getMonth(date)}
        onChange={(event) => changeMonth(Number(event.target.value))}
        className="select select-sm w-32"
      >
        {MONTHS.map((name, month) => (
          <option key={name} value={month}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Year"
        value={getYear(date)}
        onChange={(event) => changeYear(Number(event.target.value))}
        className="select select-sm w-24"
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={increaseMonth}
        disabled={nextMonthButtonDisabled}
        aria-label="Next month"
        className="btn btn-ghost btn-sm btn-square"
      >
        <LuChevronRight aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * The coupon's last valid day (spec §5 validity) as `YYYY-MM-DD`, picked from a calendar or
 * typed as "MMMM d, yyyy". Keyboard: arrows move through the days, Enter picks, Escape closes.
 * Days before today cannot be picked, nor days more than 24 months ahead (the spec's year list
 * stopped at the current year, so a December coupon could not outlive the month).
 */
export function ValidityPicker({
  id,
  value,
  onChange,
  onBlur,
  name,
  invalid,
  describedBy,
  focusRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  invalid: boolean;
  describedBy: string | undefined;
  /** Given what focuses the field, so a form can take the reader to it when it is refused. */
  focusRef?: (target: { focus: () => void } | null) => void;
}) {
  // The reader's day, at midnight where the picker runs (it works in the runtime's dates).
  const today = parseISO(dayIn(useNow(), undefined));
  return (
    <DatePicker
      // Taken to the field when refused, the calendar stays shut so the reason under the field
      // shows; a click, Enter or an arrow key opens it.
      ref={(picker) =>
        focusRef?.(
          picker
            ? {
                focus: () => {
                  picker.setFocus();
                  picker.setOpen(false, true);
                },
              }
            : null,
        )
      }
      id={id}
      name={name}
      selected={value ? parseISO(value) : null}
      onChange={(date: Date | null) => onChange(date ? format(date, 'yyyy-MM-dd') : '')}
      onBlur={onBlur}
      dateFormat={VALIDITY_DISPLAY_FORMAT}
      minDate={today}
      maxDate={addMonths(today, MONTHS_AHEAD)}
      renderCustomHeader={PickerHeader}
      placeholderText="Choose the last valid day"
      autoComplete="off"
      showPopperArrow={false}
      popperPlacement="bottom-start"
      ariaInvalid={invalid ? 'true' : undefined}
      ariaDescribedBy={describedBy}
      wrapperClassName="w-full"
      className="input w-full"
    />
  );
}
