import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  choiceParam,
  PageParam,
  TextParam,
  useBackToList,
  useFromList,
  useKeepPageInRange,
  useListParams,
  usePageParam,
} from './use-page';

const Shape = z.object({
  page: PageParam,
  role: choiceParam(['user', 'member']),
  sort: z.enum(['name', 'date']).catch('name'),
  q: TextParam,
});

type Setter = ReturnType<typeof useListParams<z.output<typeof Shape>>>[1];
/** The rendered lists' setters, for the test to call. */
const handles: { setList: Setter; setOther: (page: number) => void } = {
  setList: () => undefined,
  setOther: () => undefined,
};
const setList: Setter = (next, options) => handles.setList(next, options);
const setOther = (page: number) => handles.setOther(page);

/** Two lists on one page, the second under a prefix; the first kept in range of 3 pages. */
function Lists() {
  const [filters, setFilters] = useListParams(Shape);
  const [other, setOtherPage] = usePageParam('former-');
  useKeepPageInRange(filters.page, 3, (page, options) =>
    setFilters((current) => ({ ...current, page }), options),
  );
  useEffect(() => {
    handles.setList = setFilters;
    handles.setOther = setOtherPage;
  });
  return (
    <p>
      {JSON.stringify(filters)} {other}
    </p>
  );
}

function show(address: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Lists /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const shown = () => screen.getByText(/^\{/).textContent;
const search = (router: ReturnType<typeof show>) => router.state.location.search;

describe('a list view kept in the address', () => {
  it('reads the page and filters, each falling back to its default when missing or wrong', () => {
    show('/list?page=2&role=member&q=tap&sort=date&former-page=3');
    expect(shown()).toBe('{"page":2,"role":"member","sort":"date","q":"tap"} 3');
  });

  it('shows the list from its start for a stale or hand-typed address', () => {
    show('/list?page=-4&role=landlord&sort=size&former-page=x');
    expect(shown()).toBe('{"page":1,"role":"","sort":"name","q":""} 1');
  });

  it('writes only what differs from a default, and leaves the other list and other words alone', () => {
    const router = show('/list?former-page=2&tab=keep');
    act(() => setList((current) => ({ ...current, page: 2, role: 'user', q: 'a b' })));
    expect(search(router)).toBe('?former-page=2&tab=keep&page=2&role=user&q=a+b');
    act(() => setList((current) => ({ ...current, page: 1, role: '', q: '' })));
    expect(search(router)).toBe('?former-page=2&tab=keep');
    act(() => setOther(1));
    expect(search(router)).toBe('?tab=keep');
  });

  it('adds a step to Back for each change of view', () => {
    const router = show('/list');
    act(() => setList((current) => ({ ...current, page: 2 })));
    act(() => setList((current) => ({ ...current, page: 3 })));
    act(() => void router.navigate(-1));
    expect(shown()).toBe('{"page":2,"role":"","sort":"name","q":""} 1');
  });

  it('moves a page past the end back to the last page, replacing the address', () => {
    const router = show('/list');
    act(() => setList((current) => ({ ...current, page: 9 })));
    expect(search(router)).toBe('?page=3');
    act(() => void router.navigate(-1));
    expect(search(router)).toBe('');
  });

  it("leads a row's way back to the view it was opened from, or to the list's start", async () => {
    function List() {
      return (
        <Link to="/row" state={useFromList()}>
          Row
        </Link>
      );
    }
    function Row() {
      return <Link to={useBackToList('/list')}>Back</Link>;
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <List /> },
        { path: '/row', element: <Row /> },
      ],
      { initialEntries: ['/list?page=2&q=tap'] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => screen.getByRole('link', { name: 'Row' }).click());
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/list?page=2&q=tap',
    );
    // Opened by its address, the row's way back is the list from its start.
    await act(() => router.navigate('/row'));
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/list');
  });
});
