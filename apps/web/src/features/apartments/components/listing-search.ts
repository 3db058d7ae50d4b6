import { ListingPageQuerySchema, MaxRentQuerySchema } from '@structomate/contract';
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
 * The listing's state as its URL carries it (`?maxRent=40000&page=2`), read with the contract's
 * parse, the one the server validates the query with: a budget the server would refuse is not
 * sent (the field says why), and a huge one is clamped the way the server clamps it.
 */
export function readListingSearch(search: URLSearchParams): ListingSearch {
  const rawBudget = search.get('maxRent')?.trim() ?? '';
  const budget = MaxRentQuerySchema.safeParse(rawBudget);
  const page = ListingPageQuerySchema.safeParse(search.get('page') ?? undefined);
  const issue = budget.success ? undefined : budget.error.issues[0];
  // A number input shows numbers only; text from a hand-made link is left out of it.
  const shown = issue?.code !== 'invalid_type';
  return {
    params: {
      maxRent: budget.success ? budget.data : undefined,
      page: page.success ? page.data : 1,
    },
    budgetText: shown ? rawBudget : '',
    budgetIssue: shown ? issue?.message : undefined,
  };
}
