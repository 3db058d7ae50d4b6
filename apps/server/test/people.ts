import { randomUUID } from 'node:crypto';
import type { Role } from '@structomate/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../src/db/client';
import { users } from '../src/db/schema';
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
