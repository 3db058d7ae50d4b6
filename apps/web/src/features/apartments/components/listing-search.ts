import { readListingPage, readMaxRent } from '@structomate/contract';
import type { ApartmentListParams } from '../api/get-apartments';

export interface ListingSearch {
  /** What the query asks the server for: only values the server takes. */
  params: ApartmentListParams;
  /** The budget as the field shows it: the URL's text, unless the field cannot show it ("abc"). */
  budgetText: string;
  /** Why the budget in the field does not filter the list, e.g. "must be 0 or more". */
  budgetIssue: string | undefined;
}

/**
 * The listing's state as its URL carries it (`?maxRent=40000&page=2`), read by the contract's
 * rule, the one the server validates the query with (without Zod: the page reads it as it
 * starts, ADR 021): a budget the server would refuse is not sent (the field says why), and a
 * huge one is clamped the way the server clamps it.
 */
export function readListingSearch(search: URLSearchParams): ListingSearch {
  const rawBudget = search.get('maxRent')?.trim() ?? '';
  const budget = readMaxRent(rawBudget);
  const page = readListingPage(search.get('page') ?? undefined);
  // A number input shows numbers only; text from a hand-made link is left out of it.
  const shown = budget.success || !budget.notANumber;
  return {
    params: {
      maxRent: budget.success ? budget.data : undefined,
      page: page.success ? page.data : 1,
    },
    budgetText: shown ? rawBudget : '',
    budgetIssue: shown && !budget.success ? budget.message : undefined,
  };
}
