/**
 * Query keys of everything that says what someone owes or paid. Several screens show it (the
 * rent page, a former tenant's profile, the admin's member records), and a change made on one
 * (a payment, a member removed) refreshes all of them through the common prefix.
 */
export const rentQueryKeys = {
  all: ['rent'] as const,
  ledger: () => [...rentQueryKeys.all, 'ledger'] as const,
  transactions: () => [...rentQueryKeys.all, 'transactions'] as const,
  account: (userId: string) => [...rentQueryKeys.all, 'account', userId] as const,
  formerBalances: (page: number) => [...rentQueryKeys.all, 'former-balances', page] as const,
  /** Charges besides rent (repairs charged to the tenant): one's own list, and one charge. */
  charges: () => [...rentQueryKeys.all, 'charges'] as const,
  charge: (id: string) => [...rentQueryKeys.all, 'charge', id] as const,
  /** A running lease as the admin works on it: it says how far its rent is paid. */
  lease: (leaseId: string) => [...rentQueryKeys.all, 'lease', leaseId] as const,
};
