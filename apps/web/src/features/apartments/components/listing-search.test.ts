import { LISTING_BUDGET_CEILING } from '@structomate/contract';
import { describe, expect, it } from 'vitest';
import { readListingSearch } from './listing-search';

const read = (query: string) => readListingSearch(new URLSearchParams(query));

describe('readListingSearch', () => {
  it('reads the budget and the page from the URL', () => {
    expect(read('maxRent=40000&page=2')).toEqual({
      params: { maxRent: 40000, page: 2 },
      budgetText: '40000',
      budgetIssue: undefined,
    });
    expect(read('')).toEqual({
      params: { maxRent: undefined, page: 1 },
      budgetText: '',
      budgetIssue: undefined,
    });
  });

  it('asks for every apartment when the budget is above what the server filters by', () => {
    expect(read('maxRent=2000000000')).toEqual({
      params: { maxRent: LISTING_BUDGET_CEILING, page: 1 },
      budgetText: '2000000000',
      budgetIssue: undefined,
    });
  });

  it('does not send a negative budget (the server refuses it) and says why in the field', () => {
    expect(read('maxRent=-5')).toEqual({
      params: { maxRent: undefined, page: 1 },
      budgetText: '-5',
      budgetIssue: 'must be 0 or more',
    });
  });

  it('leaves out what the number field cannot show, and pages the server would refuse', () => {
    expect(read('maxRent=abc&page=0')).toEqual({
      params: { maxRent: undefined, page: 1 },
      budgetText: '',
      budgetIssue: undefined,
    });
    expect(read('page=2.5').params.page).toBe(1);
    expect(read('page=200000').params.page).toBe(1);
  });
});
