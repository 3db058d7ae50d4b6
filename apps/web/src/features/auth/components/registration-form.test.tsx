import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastHost } from '../../../lib/toast-host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SessionContext, type Session } from '../../../lib/session';
import { uploadImage } from '../../../lib/upload-image';
import { RegistrationForm } from './registration-form';

vi.mock('../../../lib/upload-image', () => ({ uploadImage: vi.fn() }));
const upload = vi.mocked(uploadImage);
const PHOTO_URL = `/api/images/${'a'.repeat(64)}.webp`;

/** The server's answers, by method and path; every call is recorded. */
let answers: Record<string, Response[]> = {};
let calls: string[] = [];

beforeEach(() => {
  answers = {};
  calls = [];
  upload.mockReset();
  // The form logs a failed upload; the tests provoke them on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${input}`;
      calls.push(call);
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

const refusal = (status: number, message: string) =>
  Response.json({ error: { code: status === 409 ? 'CONFLICT' : 'INTERNAL', message } }, { status });

const session: Session = {
  user: null,
  loading: false,
  signingOut: false,
  refresh: async () => undefined,
  logout: async () => undefined,
  leftOnPurpose: false,
  markLeftOnPurpose: () => undefined,
  clearLeftOnPurpose: () => undefined,
};

async function fillAndSubmit() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <RegistrationForm />
          <ToastHost />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.upload(
    screen.getByLabelText('Photo'),
    new File(['png'], 'me.png', { type: 'image/png' }),
  );
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Engine1843');
  const submit = () => user.click(screen.getByRole('button', { name: 'Register' }));
  await submit();
  return submit;
}

/** The toasts' texts (the field errors are alerts too). */
const toastTexts = () =>
  [...document.querySelectorAll('.Toastify [role="alert"]')].map((toast) => toast.textContent);

describe('RegistrationForm', () => {
  it('asks whether the email is free before uploading, and uploads nothing when it is not', async () => {
    const taken = 'An account with this email already exists. Log in instead.';
    answers['POST /api/registration/check'] = [refusal(409, taken)];
    await fillAndSubmit();
    await waitFor(() => expect(toastTexts()).toEqual([taken]));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
    expect(upload).not.toHaveBeenCalled();
    expect(calls).toEqual(['POST /api/registration/check']);
  });

  it('shows a throttled upload’s own message once, instead of "Error uploading image"', async () => {
    const throttled = 'Too many uploads. Try again in 55 minutes.';
    answers['POST /api/registration/check'] = [
      Response.json({ ok: true }),
      Response.json({ ok: true }),
    ];
    upload.mockRejectedValue(new ApiError(429, throttled));
    const submit = await fillAndSubmit();
    await waitFor(() => expect(toastTexts()).toEqual([throttled]));
    await submit();
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(toastTexts()).toEqual([throttled]));
    expect(calls).not.toContain('POST /api/users');
  });

  it('says the spec’s "Error uploading image" when the upload never reached the server', async () => {
    answers['POST /api/registration/check'] = [Response.json({ ok: true })];
    upload.mockRejectedValue(new ApiError(0, 'The upload did not reach the server'));
    await fillAndSubmit();
    await waitFor(() => expect(toastTexts()).toEqual(['Error uploading image']));
  });

  it('says "Can\'t Register" when registering fails, and reuses the uploaded photo on the next try', async () => {
    answers['POST /api/registration/check'] = [
      Response.json({ ok: true }),
      Response.json({ ok: true }),
    ];
    answers['POST /api/users'] = [
      refusal(500, 'Internal error'),
      Response.json({ insertedId: 'new-id' }, { status: 201 }),
    ];
    upload.mockResolvedValue(PHOTO_URL);
    const submit = await fillAndSubmit();
    await waitFor(() => expect(toastTexts()).toEqual(["Can't Register"]));
    await submit();
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Registration successful. Welcome to StructoMate, Ada Lovelace!',
      ]),
    );
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
