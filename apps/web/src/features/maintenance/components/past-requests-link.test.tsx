import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PastRequestsLink } from './past-requests-link';

const state = vi.hoisted(() => ({ role: 'user', requests: [] as unknown[] }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ user: { _id: 'u1', role: state.role } }),
}));
vi.mock('../api/get-my-requests', () => ({
  useMyRequests: () => ({ data: { result: state.requests } }),
}));

function renderLink() {
  return render(
    <MemoryRouter>
      <PastRequestsLink />
    </MemoryRouter>,
  );
}

describe("a former tenant's maintenance requests on My Profile", () => {
  beforeEach(() => {
    state.role = 'user';
    state.requests = [];
  });

  it('is a card named by its heading that leads to the requests', () => {
    state.requests = [{}, {}];
    renderLink();
    const card = screen.getByRole('region', { name: 'Your maintenance requests' });
    expect(card).toHaveTextContent('2 requests from your lease, with their conversations.');
    expect(screen.getByRole('link', { name: 'See your requests' })).toHaveAttribute(
      'href',
      '/dashboard/maintenance',
    );
  });

  it('counts one request in words', () => {
    state.requests = [{}];
    renderLink();
    expect(screen.getByRole('region')).toHaveTextContent('One request from your lease');
  });

  it('is not shown without requests, nor to a member', () => {
    const { unmount } = renderLink();
    expect(screen.queryByRole('region')).toBeNull();
    unmount();
    state.role = 'member';
    state.requests = [{}];
    renderLink();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
