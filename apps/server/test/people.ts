import { randomUUID } from 'node:crypto';
import type { Role } from '@structomate/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../src/db/client';
import { eq } from 'drizzle-orm';
import { agreements, apartments, users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/auth.service';

export interface Person {
  id: string;
  email: string;
  displayName: string;
  /** Calls the app as this person (session cookie, same-site). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * A new account with a signed-in session, made directly in the database (no password hashing),
 * for tests that need many people.
 */
export async function newPerson(
  app: FastifyInstance,
  database: DatabaseHandle,
  role: Role = 'user',
  name = 'Test Person',
): Promise<Person> {
  const email = `person-${randomUUID()}@example.com`;
  const [row] = await database.db
    .insert(users)
    .values({ email, displayName: name, role })
    .returning({ id: users.id });
  if (!row) throw new Error('could not create a test person');
  const { token } = await createSession(database.db, row.id, 1, undefined);
  const cookie = `sm_session=${token}`;
  return {
    id: row.id,
    email,
    displayName: name,
    inject: (options) => app.inject({ ...options, headers: { cookie, ...options.headers } }),
  };
}

/** A member made in the database for race tests: their lease, and the cookie of a session. */
export interface Renter {
  id: string;
  agreementId: string;
  cookie: string;
  rent: number;
}

/**
 * A member renting `apartmentNo` since November 1st 2026 (signed on October 25th; a lease of the
 * old kind, without terms, but with one month's deposit), with a session, made in the database.
 */
export function renter(database: DatabaseHandle, apartmentNo: string): Promise<Renter> {
  return personWithRequest(database, apartmentNo, 'member', {
    status: 'accepted',
    checkedAt: new Date('2026-11-01T10:00:00+06:00'),
  });
}

/**
 * A user whose request for `apartmentNo` (signed on October 25th 2026) was turned down the next
 * day: no lease and no rent, with a session, made in the database.
 */
export function turnedDown(database: DatabaseHandle, apartmentNo: string): Promise<Renter> {
  return personWithRequest(database, apartmentNo, 'user', {
    status: 'rejected',
    checkedAt: new Date('2026-10-26T10:00:00+06:00'),
  });
}

async function personWithRequest(
  database: DatabaseHandle,
  apartmentNo: string,
  role: Role,
  decision: { status: 'accepted' | 'rejected'; checkedAt: Date },
): Promise<Renter> {
  const [flat] = await database.db
    .select({ id: apartments.id, rent: apartments.rent })
    .from(apartments)
    .where(eq(apartments.apartmentNo, apartmentNo));
  if (!flat) throw new Error(`no apartment ${apartmentNo}`);
  const [person] = await database.db
    .insert(users)
    .values({
      email: `racer-${randomUUID()}@example.com`,
      displayName: `Racer ${apartmentNo}`,
      role,
    })
    .returning({ id: users.id });
  if (!person) throw new Error('no person');
  const [lease] = await database.db
    .insert(agreements)
    .values({
      tenantId: person.id,
      apartmentId: flat.id,
      rent: flat.rent,
      deposit: flat.rent,
      signedAt: new Date('2026-10-25T10:00:00+06:00'),
      ...decision,
    })
    .returning({ id: agreements.id });
  if (!lease) throw new Error('no lease');
  const { token } = await createSession(database.db, person.id, 1, undefined);
  return { id: person.id, agreementId: lease.id, cookie: `sm_session=${token}`, rent: flat.rent };
}
