import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageParam, TextParam, useListParams } from '../lib/use-page';
import { ListSearch } from './list-search';

const Shape = z.object({ page: PageParam, q: TextParam });

/** A list page's search, its text in the address (`?q=`), opened at `/list?q=tap`. */
function openSearched(onRefresh: (searched: string) => void = () => {}) {
  function Searched() {
    const [filters, setFilters] = useListParams(Shape);
    return (
      <ListSearch
        label="Find"
        searchId="find"
        searchLabel="Name"
        defaultText={filters.q}
        onSearch={(q) => setFilters((current) => ({ ...current, page: 1, q }))}
        onRefresh={() => onRefresh(filters.q)}
      />
    );
  }
  const router = createMemoryRouter([{ path: '/list', element: <Searched /> }], {
    initialEntries: ['/list?q=tap'],
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

  it('asks again when Search is pressed with the text already searched, not when it changed', async () => {
    const refreshed: string[] = [];
    const router = openSearched((searched) => refreshed.push(searched));
    const user = userEvent.setup();
    const search = screen.getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(refreshed).toEqual(['tap']);
    // Spaces around it are not a new search either.
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.click(search);
    expect(refreshed).toEqual(['tap', 'tap']);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'sink{Enter}');
    expect(router.state.location.search).toBe('?q=sink');
    expect(refreshed).toEqual(['tap', 'tap']);
  });
});
