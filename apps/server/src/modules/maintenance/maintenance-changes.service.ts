import {
  COST_KIND_LABELS,
  dayLabel,
  finishedThread,
  isFinished,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_MOVES,
  REOPEN_DAYS,
  VISIT_STATUSES,
  visitWindow,
  WAITING_ON_LABELS,
  type MaintenanceAssignRequestSchema,
  type MaintenanceCostRequestSchema,
  type MaintenanceStatusRequestSchema,
  type MaintenanceVisitRequestSchema,
} from '@structomate/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { maintenanceContacts, maintenanceCosts, maintenanceRequests } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { addDays } from '../../lib/clock';
import { retryOnDeadlock } from '../../lib/db-errors';
import { onceByKey, replayed } from '../../lib/request-keys';
import { defineJob, runsAt, ScheduledRunSchema } from '../../plugins/jobs';
import { recordAudit } from '../audit/audit.service';
import { addCharge } from '../payments/payments.service';
import { holdLeaseThenPerson } from '../users/users.service';
import {
  addEvent,
  forChange,
  label,
  lockedStatus,
  notifyTenant,
  repairOf,
  touch,
  updateAt,
  type Actor,
} from './maintenance-steps';
import { requestRow, visibleRequest, type Viewer } from './maintenance.service';

/**
 * What the building (an admin) does to a request: move its status along MAINTENANCE_MOVES,
 * assign it, book a visit, record costs; and the job that closes requests resolved long ago.
 */

/** A visit is booked at most this far ahead (a later date is a typing mistake). */
const MAX_VISIT_DAYS_AHEAD = 365;

/** The building moves a request along (MAINTENANCE_MOVES); the tenant is told. */
export async function changeStatus(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof MaintenanceStatusRequestSchema>,
  now: Date,
): Promise<void> {
  const row = await forChange(db, id, input.version, viewer);
  const to = input.status;
  if (!MAINTENANCE_MOVES[row.status].includes(to)) {
    throw conflict(
      to === 'scheduled' && (VISIT_STATUSES as readonly string[]).includes(row.status)
        ? MAINTENANCE_MESSAGES.visitNeedsDay
        : MAINTENANCE_MESSAGES.badMove(
            label(row.status).toLowerCase(),
            label(to).toLowerCase(),
            MAINTENANCE_MOVES[row.status].map((status) => label(status).toLowerCase()),
          ),
    );
  }
  await db.transaction(async (tx) => {
    await updateAt(tx, row, input.version, viewer, now, {
      status: to,
      waitingOn: to === 'waiting' ? input.waitingOn : null,
      firstResponseAt: sql`coalesce(${maintenanceRequests.firstResponseAt}, ${now})`,
      ...(to === 'resolved' ? { resolvedAt: now } : {}),
      ...(to === 'closed' ? { closedAt: now } : {}),
      // Back to "acknowledged" from a visit: the visit is off.
      ...(to === 'acknowledged' ? { visitDate: null, visitFrom: null, visitTo: null } : {}),
    });
    const reason = to === 'waiting' && input.waitingOn ? WAITING_ON_LABELS[input.waitingOn] : null;
    const text = [reason, input.note].filter(Boolean).join('. ') || null;
    await addEvent(tx, id, viewer, now, { kind: 'status', status: to, text });
    await recordAudit(tx, actor, {
      action: 'maintenance.status',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `Maintenance request #${row.number}: ${label(row.status)} → ${label(to)}`,
      before: { status: row.status },
      after: { status: to, waitingOn: input.waitingOn, note: input.note },
    });
    await notifyTenant(tx, row, {
      kind: 'maintenance-status',
      data: { ...repairOf(row), status: label(to), note: text },
    });
  });
}

/** Gives the request to a contact (or to nobody). */
export async function assignRequest(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof MaintenanceAssignRequestSchema>,
  now: Date,
): Promise<void> {
  const row = await forChange(db, id, input.version, viewer);
  if (isFinished(row.status)) throw conflict(finishedThread(row.status));
  await db.transaction(async (tx) => {
    let text = 'Unassigned';
    if (input.contactId) {
      // Held while assigning, so a removal of the contact waits and then sees this request.
      const [contact] = await tx
        .select({ name: maintenanceContacts.name, trade: maintenanceContacts.trade })
        .from(maintenanceContacts)
        .where(
          and(eq(maintenanceContacts.id, input.contactId), isNull(maintenanceContacts.removedAt)),
        )
        .for('share');
      if (!contact) {
        throw new AppError('VALIDATION_FAILED', MAINTENANCE_MESSAGES.contactNotFound, [
          { path: 'contactId', message: MAINTENANCE_MESSAGES.contactNotFound },
        ]);
      }
      text = `Assigned to ${contact.name} (${contact.trade})`;
    }
    await updateAt(tx, row, input.version, viewer, now, { assigneeId: input.contactId });
    await addEvent(tx, id, viewer, now, { kind: 'assigned', text });
    await recordAudit(tx, actor, {
      action: 'maintenance.assigned',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `Maintenance request #${row.number}: ${text}`,
      after: { contactId: input.contactId },
    });
  });
}

/** Schedules (or moves) the visit; the request becomes "Visit scheduled" and the tenant is told. */
export async function scheduleVisit(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof MaintenanceVisitRequestSchema>,
  today: string,
  now: Date,
): Promise<void> {
  const message =
    input.date < today
      ? MAINTENANCE_MESSAGES.visitPast
      : input.date > addDays(today, MAX_VISIT_DAYS_AHEAD)
        ? MAINTENANCE_MESSAGES.visitTooFar
        : undefined;
  if (message) throw new AppError('VALIDATION_FAILED', message, [{ path: 'date', message }]);
  const row = await forChange(db, id, input.version, viewer);
  if (!(VISIT_STATUSES as readonly string[]).includes(row.status)) {
    throw conflict(MAINTENANCE_MESSAGES.visitStatus);
  }
  const text = `Visit on ${dayLabel(input.date)}, ${visitWindow(input.from, input.to)}`;
  await db.transaction(async (tx) => {
    await updateAt(tx, row, input.version, viewer, now, {
      status: 'scheduled',
      waitingOn: null,
      visitDate: input.date,
      visitFrom: input.from,
      visitTo: input.to,
      firstResponseAt: sql`coalesce(${maintenanceRequests.firstResponseAt}, ${now})`,
    });
    await addEvent(tx, id, viewer, now, { kind: 'visit', status: 'scheduled', text });
    await recordAudit(tx, actor, {
      action: 'maintenance.visit',
      subjectType: 'maintenance-request',
      subjectId: id,
      summary: `Maintenance request #${row.number}: ${text}`,
      before:
        row.visitDate !== null
          ? { date: row.visitDate, from: row.visitFrom, to: row.visitTo }
          : null,
      after: { date: input.date, from: input.from, to: input.to },
    });
    await notifyTenant(tx, row, {
      kind: 'maintenance-visit',
      data: {
        ...repairOf(row),
        date: input.date,
        from: input.from,
        to: input.to,
        who: row.assigneeName ? `${row.assigneeName} (${row.assigneeTrade ?? ''})` : null,
      },
    });
  });
}

/**
 * A cost of the repair. Charged to the tenant, it becomes a charge on their account (a line of
 * its own in their ledger and the rent roll) in the same transaction.
 *
 * The sender names the cost with a key: the same cost sent again under it (a retry after an answer
 * that never arrived, two clicks reaching two servers) is added once, and the request is answered
 * as it is. The request's row is held while the key is looked up, so the second sending waits for
 * the first and finds its cost; the unique index on the key holds it in the database too (a key
 * sent for another request is refused).
 */
export async function addCost(
  db: Database,
  id: string,
  viewer: Viewer,
  actor: Actor,
  input: z.output<typeof MaintenanceCostRequestSchema>,
  now: Date,
): Promise<void> {
  const row = await visibleRequest(db, id, viewer);
  const tenantId = row.tenantDeleted ? null : row.tenantId;
  const what = `${COST_KIND_LABELS[input.kind]}: ${input.description}`;
  // Run again if PostgreSQL ends it as a deadlock: a charge bumps the tenant's money version,
  // which a lease accepted or ended for them at that moment takes the other way round.
  await retryOnDeadlock(() =>
    onceByKey('maintenance_costs_key_unique', () =>
      db.transaction(async (tx) => {
        // Held, so a cancel on another server either comes first (and is seen) or waits.
        const status = await lockedStatus(tx, id);
        const [earlier] = await tx
          .select({
            requestId: maintenanceCosts.requestId,
            kind: maintenanceCosts.kind,
            description: maintenanceCosts.description,
            amount: maintenanceCosts.amount,
            charged: sql<boolean>`${maintenanceCosts.chargeId} is not null`,
          })
          .from(maintenanceCosts)
          // Whatever request it was sent for: a key names one cost.
          .where(eq(maintenanceCosts.requestKey, input.key));
        const sent = {
          requestId: row.id,
          kind: input.kind,
          description: input.description,
          amount: input.amount,
          charged: input.chargeTenant,
        };
        if (replayed(earlier, sent, MAINTENANCE_MESSAGES.costKeyReused)) return;
        if (status === 'cancelled') throw conflict(MAINTENANCE_MESSAGES.cancelledHasNoCosts);
        if (
          input.chargeTenant &&
          !(tenantId && (await tenantStays(tx, tenantId, row.agreementId)))
        ) {
          throw conflict(MAINTENANCE_MESSAGES.chargeNeedsTenant);
        }
        const chargeId =
          input.chargeTenant && tenantId
            ? await addCharge(tx, {
                tenantId,
                agreementId: row.agreementId,
                requestId: id,
                description: clip(`Repair #${row.number} — ${what}`, 200),
                amount: input.amount,
                createdBy: viewer._id,
                createdAt: now,
              })
            : null;
        await tx.insert(maintenanceCosts).values({
          requestId: id,
          kind: input.kind,
          description: input.description,
          amount: input.amount,
          chargeId,
          createdBy: viewer._id,
          createdAt: now,
          requestKey: input.key,
        });
        const { key: _key, ...entered } = input;
        const amount = `${input.amount.toLocaleString('en-US')} BDT`;
        await addEvent(tx, id, viewer, now, {
          kind: 'cost',
          text: chargeId
            ? `Charged to the tenant: ${amount} (${what})`
            : `Cost: ${amount} (${what})`,
          internal: chargeId === null,
        });
        // A cost the building bears is its own affair; one charged is news to the tenant.
        if (chargeId) await touch(tx, id, now);
        await recordAudit(tx, actor, {
          action: 'maintenance.cost',
          subjectType: 'maintenance-request',
          subjectId: id,
          summary: `Maintenance request #${row.number}: ${amount} for ${what}${chargeId ? ', charged to the tenant' : ''}`,
          after: entered,
        });
        // What they now owe is told to them, once (a replay returned above).
        if (chargeId) {
          await notifyTenant(tx, row, {
            kind: 'maintenance-charge',
            data: { ...repairOf(row), chargeId, what, amount: input.amount },
          });
        }
      }),
    ),
  );
}

/**
 * The line a request's timeline gets when the tenant's charge for one of its costs is cancelled
 * (in the caller's transaction), in the words of the line that charged it.
 */
export async function noteChargeCancelled(
  tx: Database,
  requestId: string,
  chargeId: string,
  actor: { id: string; name: string },
  now: Date,
  reason: string,
): Promise<void> {
  const [cost] = await tx
    .select({
      kind: maintenanceCosts.kind,
      description: maintenanceCosts.description,
      amount: maintenanceCosts.amount,
    })
    .from(maintenanceCosts)
    .where(eq(maintenanceCosts.chargeId, chargeId));
  if (!cost) return;
  const amount = `${cost.amount.toLocaleString('en-US')} BDT`;
  await addEvent(tx, requestId, { _id: actor.id, role: 'admin', displayName: actor.name }, now, {
    kind: 'charge-cancelled',
    text: `No longer charged to the tenant: ${amount} (${COST_KIND_LABELS[cost.kind]}: ${cost.description}). Reason: ${reason}`,
  });
  // The request's row is updated here, before the charge's trigger takes the tenant's money
  // version: the order a cost being added takes the two in (its row first, FOR UPDATE).
  await touch(tx, requestId, now);
}

/**
 * Whether the tenant's account is still there, the lease charged and their row held (shared)
 * until the charge commits: an account deletion under way finishes first (and the charge is
 * refused) or waits, and then finds the charge owed and keeps the account.
 */
async function tenantStays(tx: Database, tenantId: string, leaseId: string): Promise<boolean> {
  const tenant = await holdLeaseThenPerson(tx, leaseId, tenantId, 'share');
  return tenant !== undefined && !tenant.deleted;
}

/** `text` cut to `length` characters (whole code points), with an ellipsis when cut. */
const clip = (text: string, length: number) => {
  const points = Array.from(text);
  return points.length <= length ? text : `${points.slice(0, length - 1).join('')}…`;
};

/**
 * Closes requests resolved more than REOPEN_DAYS ago that their tenant neither confirmed nor
 * reopened. Run by a job; each closes with a timeline step by the system.
 */
export async function closeResolvedRequests(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - REOPEN_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(maintenanceRequests)
      .set({
        status: 'closed',
        closedAt: now,
        updatedAt: now,
        updatedBy: null,
        version: sql`${maintenanceRequests.version} + 1`,
      })
      .where(
        and(eq(maintenanceRequests.status, 'resolved'), lt(maintenanceRequests.resolvedAt, cutoff)),
      )
      .returning({ id: maintenanceRequests.id });
    const text = `Closed by itself ${REOPEN_DAYS} days after it was resolved`;
    for (const { id } of closed) {
      const row = await requestRow(tx, id);
      if (!row) continue;
      await addEvent(tx, id, null, now, { kind: 'status', status: 'closed', text });
      await recordAudit(tx, null, {
        action: 'maintenance.status',
        subjectType: 'maintenance-request',
        subjectId: id,
        summary: `Maintenance request #${row.number}: ${text.toLowerCase()}`,
        before: { status: 'resolved' },
        after: { status: 'closed' },
      });
      await notifyTenant(tx, row, {
        kind: 'maintenance-status',
        data: { ...repairOf(row), status: label('closed'), note: text },
      });
    }
    return closed.length;
  });
}

/** Hourly: resolved requests nobody confirmed or reopened in time are closed. */
export const closeResolvedRequestsJob = defineJob({
  name: 'repairs.close-resolved',
  data: ScheduledRunSchema,
  cron: '25 * * * *',
  run: async (app, data, { log }) => {
    const closed = await closeResolvedRequests(app.db, runsAt(app, data));
    if (closed > 0) log.info({ closed }, 'closed resolved maintenance requests');
  },
});
