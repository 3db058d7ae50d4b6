import { MAINTENANCE_MESSAGES, type SessionUser } from '@structomate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastHost } from '../../../lib/toast-host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type Session } from '../../../lib/session';
import { anyUnsaved } from '../../../lib/unsaved-changes';
import { NewRequestPage } from './new-request-form';

const REQUEST_ID = '6f1c1d5e-2b1a-4c39-9d0e-0a8d2f1e7b11';

/** The server's answers, by method and path; every call is recorded. */
let answers: Record<string, Response[]> = {};
let calls: { call: string; body?: unknown }[] = [];

beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${input}`;
      calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[call]?.shift();
      if (!answer) throw new Error(`unexpected ${call}`);
      return answer;
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const member: SessionUser = {
  _id: 'u1',
  email: 'tenant@example.com',
  displayName: 'Tanvir Hossain',
  photoURL: null,
  role: 'member',
  formerTenant: false,
};

const session: Session = {
  user: member,
  loading: false,
  signingOut: false,
  refresh: async () => undefined,
  logout: async () => undefined,
  leftOnPurpose: false,
  markLeftOnPurpose: () => undefined,
  clearLeftOnPurpose: () => undefined,
};

const mine = (emergencyPhone: string | null) =>
  Response.json({ result: [], emergencyPhone, canFile: true });

const filed = {
  _id: REQUEST_ID,
  number: 7,
  title: 'Sparks from the kitchen socket',
  category: 'electrical',
  urgency: 'emergency',
  status: 'new',
  waitingOn: null,
  apartmentNo: 'B-402',
  tenantName: 'Tanvir Hossain',
  createdAt: '2026-12-03T05:00:00.000Z',
  updatedAt: '2026-12-03T05:00:00.000Z',
  visit: null,
  assigneeName: null,
  version: 1,
  description: 'It smells of burning.',
  location: 'Kitchen',
  entryPermission: true,
  preferredTimes: null,
  photos: [],
  assignee: null,
  timeline: [],
  comments: [],
  costs: [],
  rating: null,
  resolvedAt: null,
  reopenUntil: null,
  can: {
    comment: true,
    cancel: true,
    confirm: false,
    reopen: false,
    rate: false,
    moves: [],
    scheduleVisit: false,
  },
};

function renderForm() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={['/dashboard/maintenance/new']}>
          <Routes>
            <Route path="/dashboard/maintenance/new" element={<NewRequestPage />} />
            <Route path="/dashboard/maintenance/:id" element={<p>The request page</p>} />
          </Routes>
          <ToastHost />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/**
 * Typing a whole form with user-event takes 2–4 s alone, and more while the server's test files run
 * beside it (twice past the default 5 s on a loaded machine): these get a budget of their own.
 */
const FORM_TYPING_MS = 15_000;

describe('Report a problem', () => {
  it(
    'shows the emergency phone as soon as Emergency is chosen, with a link to call',
    async () => {
      answers['GET /api/maintenance/requests'] = [mine('+880 1700 000 999')];
      const user = renderForm();
      await user.click(await screen.findByRole('radio', { name: /^Emergency/ }));
      const alert = screen
        .getAllByRole('alert')
        .find((element) => element.textContent?.includes('For an emergency'));
      expect(alert).toHaveTextContent(MAINTENANCE_MESSAGES.emergencyCall('+880 1700 000 999'));
      expect(screen.getByRole('link', { name: 'Call now' })).toHaveAttribute(
        'href',
        'tel:+8801700000999',
      );
      await user.click(screen.getByRole('radio', { name: /^Routine/ }));
      expect(screen.queryByText(/For an emergency/)).not.toBeInTheDocument();
    },
    FORM_TYPING_MS,
  );

  it(
    'counts as not saved while anything is answered, and not once it is emptied again',
    async () => {
      answers['GET /api/maintenance/requests'] = [mine(null)];
      const user = renderForm();
      const kind = await screen.findByLabelText('What kind of problem');
      expect(anyUnsaved()).toBe(false);
      await user.type(screen.getByLabelText('Title'), 'D');
      expect(anyUnsaved()).toBe(true);
      await user.clear(screen.getByLabelText('Title'));
      expect(anyUnsaved()).toBe(false);
      await user.selectOptions(kind, 'Electrical');
      expect(anyUnsaved()).toBe(true);
    },
    FORM_TYPING_MS,
  );

  it('says to call the building when it has no emergency phone', async () => {
    answers['GET /api/maintenance/requests'] = [mine(null)];
    const user = renderForm();
    await user.click(await screen.findByRole('radio', { name: /^Emergency/ }));
    expect(screen.getByText(MAINTENANCE_MESSAGES.emergencyNoPhone)).toBeInTheDocument();
  });

  it('sends nothing while answers are missing, and names each at its field', async () => {
    answers['GET /api/maintenance/requests'] = [mine(null)];
    const user = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose how urgent it is')).toBeInTheDocument();
    expect(screen.getByText('Choose what kind of problem it is')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Where is required')).toBeInTheDocument();
    expect(screen.getByText('Say whether the building may enter')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveAttribute(
      'aria-describedby',
      'request-title-error',
    );
    expect(calls.map(({ call }) => call)).toEqual(['GET /api/maintenance/requests']);
  });

  it(
    'sends a complete request, says so and opens its page; the server’s refusals go to their fields',
    async () => {
      answers['GET /api/maintenance/requests'] = [
        mine('+880 1700 000 999'),
        mine('+880 1700 000 999'),
      ];
      answers['POST /api/maintenance/requests'] = [
        Response.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some answers need another look',
              issues: [{ path: 'title', message: 'Title: at most 120 characters.' }],
            },
          },
          { status: 400 },
        ),
        Response.json(filed, { status: 201 }),
      ];
      const user = renderForm();
      await user.click(await screen.findByRole('radio', { name: /^Emergency/ }));
      await user.selectOptions(screen.getByLabelText('What kind of problem'), 'Electrical');
      await user.type(screen.getByLabelText('Where'), 'Kitchen');
      await user.type(screen.getByLabelText('Title'), 'Sparks from the kitchen socket');
      await user.type(screen.getByLabelText('Description'), 'It smells of burning.');
      expect(screen.getByText('21 / 4,000 characters')).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Yes, they may enter' }));
      await user.click(screen.getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Title: at most 120 characters.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('The request page')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByText(MAINTENANCE_MESSAGES.filed)).toBeInTheDocument());
      const sent = calls.filter(({ call }) => call === 'POST /api/maintenance/requests');
      expect(sent.at(-1)?.body).toEqual({
        category: 'electrical',
        title: 'Sparks from the kitchen socket',
        description: 'It smells of burning.',
        location: 'Kitchen',
        urgency: 'emergency',
        entryPermission: true,
        preferredTimes: null,
        photoIds: [],
      });
    },
    FORM_TYPING_MS,
  );
});
