import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes';

describe('isClientRoute', () => {
  it.each([
    '/',
    '/apartment',
    '/apartment/',
    '/apartment/6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
    '/authentiction',
    '/authentiction/registration',
    '/dashboard',
    '/dashboard/myProfile',
    '/dashboard/manage-coupons',
    '/dashboard/paymentHistory/6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
  ])('knows %s', (path) => expect(isClientRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/apartments',
    '/apartment/1/2',
    '/authentication',
    '/dashboard/secret',
    '/dashboard/paymentHistory/x/y',
    '/api',
  ])('does not know %s', (path) => expect(isClientRoute(path)).toBe(false));
});
