import type { Agreement } from '@structomate/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideAgreement } from './decide-agreement';

const request: Agreement = {
  _id: '00000000-0000-4000-8000-000000000001',
  tenant_id: 'u1',
  tenant: 'Rina Das',
  tenantEmail: 'rina@example.com',
  tenantRole: 'user',
  type: 'user',
  tenantImage: null,
  status: 'pending',
  agreementSigningDate: '2026-11-20T04:00:00.000Z',
  agreementCheckedDate: null,
  agreementEndDate: null,
  apartmentDetails: {
    _id: 'p1',
    apartmentNo: 'C-801',
    floorNo: 8,
    blockName: 'C',
    rent: 60000,
    details: '',
    apartmentImage: '/images/c-801.webp',
  },
  terms: null,
  endsOn: null,
  rentChanges: [],
};
const OTHER = '00000000-0000-4000-8000-000000000002';

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** Answers each POST in turn and keeps the bodies sent. */
function server(...answers: Response[]) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answers.shift() ?? Response.json({ result: { ...request, status: 'accepted' } });
    }),
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

const accept = () =>
  decideAgreement({ decision: 'accept', agreement: { ...request, otherRequestIds: [OTHER] } });

describe('accepting sends the requests the admin was told it declines', () => {
  it('once, to a server of this release', async () => {
    const bodies = server();
    await expect(accept()).resolves.toMatchObject({ result: { status: 'accepted' } });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ agreement_id: request._id, declining: [OTHER] });
  });

  it('a server of the release before refuses the key: asked again as it always was', async () => {
    const bodies = server(
      failure(400, 'VALIDATION_FAILED', 'The request body Unrecognized key: "declining"'),
    );
    await expect(accept()).resolves.toMatchObject({ result: { status: 'accepted' } });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).not.toHaveProperty('declining');
  });

  it('a request that came in meanwhile (409), or another refusal, is not asked again', async () => {
    const late = 'Another request for C-801 came in while you decided.';
    const bodies = server(failure(409, 'CONFLICT', late));
    await expect(accept()).rejects.toMatchObject({ status: 409, message: late });
    const badStart = server(failure(400, 'VALIDATION_FAILED', 'startDate is too late'));
    await expect(accept()).rejects.toMatchObject({ status: 400 });
    expect([bodies.length, badStart.length]).toEqual([1, 1]);
  });

  it('nothing is sent of the others when the list did not name them, nor on a rejection', async () => {
    const bodies = server();
    await decideAgreement({ decision: 'accept', agreement: request });
    await decideAgreement({
      decision: 'reject',
      agreement: { ...request, otherRequestIds: [OTHER] },
    });
    expect(bodies.map((body) => 'declining' in body)).toEqual([false, false]);
  });
});
