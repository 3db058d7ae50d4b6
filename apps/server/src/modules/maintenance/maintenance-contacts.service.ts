import {
  MAINTENANCE_MESSAGES,
  OPEN_MAINTENANCE_STATUSES,
  type MaintenanceContact,
  type MaintenanceContactRequestSchema,
} from '@structomate/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { maintenanceContacts, maintenanceRequests } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';

type ContactInput = z.output<typeof MaintenanceContactRequestSchema>;

// Qualified by hand: Drizzle writes a bare "id" on a one-table select, which inside the subquery
// would bind to the request's own id.
const openRequests = sql<number>`(
  select count(*)::int from ${maintenanceRequests} r
  where r.assignee_id = ${sql.identifier('maintenance_contacts')}.${sql.identifier('id')}
    and r.status in (${sql.join(
      OPEN_MAINTENANCE_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
)`;

const contactColumns = {
  _id: maintenanceContacts.id,
  name: maintenanceContacts.name,
  trade: maintenanceContacts.trade,
  phone: maintenanceContacts.phone,
  openRequests,
};

/** The staff and vendors requests can be given to, by name (removed ones are not listed). */
export async function listContacts(db: Database): Promise<MaintenanceContact[]> {
  return db
    .select(contactColumns)
    .from(maintenanceContacts)
    .where(isNull(maintenanceContacts.removedAt))
    .orderBy(asc(sql`lower(${maintenanceContacts.name})`), asc(maintenanceContacts.id));
}

async function contactById(db: Database, id: string): Promise<MaintenanceContact> {
  const [contact] = await db
    .select(contactColumns)
    .from(maintenanceContacts)
    .where(and(eq(maintenanceContacts.id, id), isNull(maintenanceContacts.removedAt)));
  if (!contact) throw notFound(MAINTENANCE_MESSAGES.contactNotFound);
  return contact;
}

/** Turns "this name is listed for this trade" from the unique index into a 409 at the name. */
async function guardListed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'maintenance_contacts_name_trade_unique') {
      throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.contactListed, [
        { path: 'name', message: MAINTENANCE_MESSAGES.contactListed },
      ]);
    }
    throw error;
  }
}

export async function createContact(
  db: Database,
  actor: AuditActor,
  input: ContactInput,
  now: Date,
): Promise<MaintenanceContact> {
  const id = await guardListed(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(maintenanceContacts)
        .values({ ...input, createdAt: now })
        .returning({ id: maintenanceContacts.id });
      if (!row) throw new Error('contact was not stored');
      await recordAudit(tx, actor, {
        action: 'maintenance.contact',
        subjectType: 'maintenance-contact',
        subjectId: row.id,
        summary: `Added ${input.name} (${input.trade}) to the maintenance contacts`,
        after: input,
      });
      return row.id;
    }),
  );
  return contactById(db, id);
}

export async function updateContact(
  db: Database,
  actor: AuditActor,
  id: string,
  input: ContactInput,
): Promise<MaintenanceContact> {
  await guardListed(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(maintenanceContacts)
        .where(and(eq(maintenanceContacts.id, id), isNull(maintenanceContacts.removedAt)))
        .for('update');
      if (!before) throw notFound(MAINTENANCE_MESSAGES.contactNotFound);
      await tx.update(maintenanceContacts).set(input).where(eq(maintenanceContacts.id, id));
      await recordAudit(tx, actor, {
        action: 'maintenance.contact',
        subjectType: 'maintenance-contact',
        subjectId: id,
        summary: `Changed the maintenance contact ${input.name} (${input.trade})`,
        before: { name: before.name, trade: before.trade, phone: before.phone },
        after: input,
      });
    }),
  );
  return contactById(db, id);
}

/**
 * Removes a contact from the list; requests that name them keep the name. Refused while they
 * have open requests: those are reassigned first.
 */
export async function removeContact(
  db: Database,
  actor: AuditActor,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ name: maintenanceContacts.name })
      .from(maintenanceContacts)
      .where(and(eq(maintenanceContacts.id, id), isNull(maintenanceContacts.removedAt)))
      .for('update');
    if (!contact) throw notFound(MAINTENANCE_MESSAGES.contactNotFound);
    const [open] = await tx
      .select({ id: maintenanceRequests.id })
      .from(maintenanceRequests)
      .where(
        and(
          eq(maintenanceRequests.assigneeId, id),
          inArray(maintenanceRequests.status, [...OPEN_MAINTENANCE_STATUSES]),
        ),
      )
      .limit(1);
    if (open) throw conflict(MAINTENANCE_MESSAGES.contactInUse);
    await tx
      .update(maintenanceContacts)
      .set({ removedAt: now })
      .where(eq(maintenanceContacts.id, id));
    await recordAudit(tx, actor, {
      action: 'maintenance.contact',
      subjectType: 'maintenance-contact',
      subjectId: id,
      summary: `Removed ${contact.name} from the maintenance contacts`,
    });
  });
}
