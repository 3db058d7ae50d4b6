import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageParam, searchOrAskAgain, TextParam, useListParams } from '../lib/use-page';
import { ListSearch } from './list-search';

const Shape = z.object({ page: PageParam, q: TextParam });

/** A list page's search, its view in the address, opened at `at` (`/list?q=tap`). */
function openSearched(askAgain: (searched: string) => void = () => {}, at = '/list?q=tap') {
  function Searched() {
    const [filters, setFilters] = useListParams(Shape);
    return (
      <ListSearch
        label="Find"
        searchId="find"
        searchLabel="Name"
        defaultText={filters.q}
        onSearch={searchOrAskAgain(filters, setFilters, () => askAgain(filters.q))}
      />
    );
  }
  const router = createMemoryRouter([{ path: '/list', element: <Searched /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ListSearch', () => {
  it("shows the address's search in the field, also after Back", async () => {
    const router = openSearched();
    const field = screen.getByLabelText('Name');
    expect(field).toHaveValue('tap');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'sink{Enter}');
    expect(router.state.location.search).toBe('?q=sink');
    act(() => void router.navigate(-1));
    expect(field).toHaveValue('tap');
  });

  it('asks again when Search would not change the view: the same text on page 1', async () => {
    const asked: string[] = [];
    const router = openSearched((searched) => asked.push(searched));
    const user = userEvent.setup();
    const search = screen.getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(asked).toEqual(['tap']);
    // Spaces around it are not a new search either.
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.click(search);
    expect(asked).toEqual(['tap', 'tap']);
    expect(router.state.location.search).toBe('?q=tap');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'sink{Enter}');
    expect(router.state.location.search).toBe('?q=sink');
    expect(asked).toEqual(['tap', 'tap']);
  });

  it('goes back to page 1 when the same text is searched on a later page, without asking again', async () => {
    const asked: string[] = [];
    const router = openSearched((searched) => asked.push(searched), '/list?page=3&q=tap');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=tap');
    expect(asked).toEqual([]);
  });
});
