import { DELETE_ACCOUNT_MESSAGES, deletedAccountEmail } from '@structomate/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  agreements,
  apartments,
  depositEntries,
  emailChanges,
  mailMessages,
  mailPreferences,
  notifications,
  passwordResets,
  payments,
  sessions,
  userIdentities,
  users,
} from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { retryOnDeadlock } from '../../lib/db-errors';
import { recordAudit } from '../audit/audit.service';
import { listOwnRequests } from '../maintenance/maintenance.service';
import {
  balancesOf,
  depositsHeld,
  listCharges,
  type BillingRules,
} from '../payments/payments.service';
import { readPreferences } from '../notifications/notifications.service';
import { checkCurrentPassword } from './account.service';

/** "Download my data": everything the building keeps about the person, as JSON. */
export async function exportAccountData(db: Database, userId: string, now: Date) {
  const [profile] = await db
    .select({
      name: users.displayName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const leases = await db
    .select({
      id: agreements.id,
      apartmentNo: apartments.apartmentNo,
      status: agreements.status,
      rent: agreements.rent,
      signedAt: agreements.signedAt,
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      endsOn: agreements.endsOn,
      deposit: agreements.deposit,
    })
    .from(agreements)
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
    .where(eq(agreements.tenantId, userId))
    .orderBy(asc(agreements.signedAt));
  const paid = await db
    .select({
      receipt: payments.id,
      transactionId: payments.transactionId,
      billingMonth: payments.billingMonth,
      rent: payments.rent,
      discount: payments.discount,
      amountCharged: payments.amountCharged,
      currency: payments.currency,
      provider: payments.provider,
      method: payments.method,
      reference: payments.reference,
      receivedOn: payments.receivedOn,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.billingMonth));
  const deposits = leases.length
    ? await db
        .select({
          id: depositEntries.id,
          leaseId: depositEntries.agreementId,
          kind: depositEntries.kind,
          amount: depositEntries.amount,
          method: depositEntries.method,
          date: depositEntries.entryDate,
          // An undo's: the entry recorded by mistake it undoes, and the office's reason.
          undoes: depositEntries.undoes,
          reason: depositEntries.reason,
        })
        .from(depositEntries)
        .where(
          inArray(
            depositEntries.agreementId,
            leases.map((lease) => lease.id),
          ),
        )
    : [];
  const [signedIn] = await db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    exportedAt: now.toISOString(),
    profile,
    leases,
    payments: paid,
    deposits,
    charges: (await listCharges(db, userId)).result,
    maintenanceRequests: await listOwnRequests(db, userId),
    emailNotifications: await readPreferences(db, userId),
    signedInSessions: signedIn?.n ?? 0,
  };
}

/**
 * Deletes the account: refused while a lease runs, money is owed, or it is the building's only
 * admin. The person's name, email, photo, sign-ins, mail and preferences are erased; their
 * leases and payments stay in the books under an anonymous "Deleted account".
 */
export async function deleteAccount(
  db: Database,
  rules: BillingRules,
  userId: string,
  input: { currentPassword?: string | undefined },
  now: Date,
): Promise<void> {
  await checkCurrentPassword(db, userId, input.currentPassword);
  const running = (source: Database) =>
    source
      .select({ apartmentNo: apartments.apartmentNo })
      .from(agreements)
      .innerJoin(apartments, eq(apartments.id, agreements.apartmentId))
      .where(and(eq(agreements.tenantId, userId), eq(agreements.status, 'accepted')));
  const [renting] = await running(db);
  if (renting) throw conflict(DELETE_ACCOUNT_MESSAGES.activeLease(renting.apartmentNo));
  // Rent and charges besides rent (repairs) alike.
  const refuseWhileOwing = async (source: Database) => {
    const rent = (await balancesOf(source, rules, now, [userId])).get(userId)?.owedAmount ?? 0;
    const owed = rent + (await listCharges(source, userId)).owed;
    if (owed > 0) {
      throw conflict(DELETE_ACCOUNT_MESSAGES.owes(`${owed.toLocaleString('en-US')} BDT`));
    }
    // And money the building holds for them: once the account is gone, nobody could say whose.
    const leases = await source
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.tenantId, userId));
    const held = await depositsHeld(
      source,
      leases.map((lease) => lease.id),
    );
    const deposit = [...held.values()].reduce((sum, amount) => sum + amount, 0);
    if (deposit > 0) {
      throw conflict(DELETE_ACCOUNT_MESSAGES.depositHeld(`${deposit.toLocaleString('en-US')} BDT`));
    }
  };
  await refuseWhileOwing(db);
  // A request filed in this transaction's first moments and accepted at once can still meet it
  // in a deadlock; PostgreSQL aborts one of the two, which runs again and sees what the other did.
  await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // The person's requests first, as accepting one locks it before its tenant's row: a request
      // accepted while this runs waits for it (and finds the request withdrawn), or was accepted
      // before, and the account stays.
      await tx
        .select({ id: agreements.id })
        .from(agreements)
        .where(
          and(eq(agreements.tenantId, userId), inArray(agreements.status, ['pending', 'accepted'])),
        )
        .for('update');
      const [acceptedMeanwhile] = await running(tx);
      if (acceptedMeanwhile) {
        throw conflict(DELETE_ACCOUNT_MESSAGES.activeLease(acceptedMeanwhile.apartmentNo));
      }
      const [me] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      // Once more with the person's row held: a request filed after the first look and accepted
      // before this lock counts too (an accept from now on waits for this transaction).
      const [acceptedLate] = await running(tx);
      if (acceptedLate)
        throw conflict(DELETE_ACCOUNT_MESSAGES.activeLease(acceptedLate.apartmentNo));
      // And what they owe: a repair charged to them meanwhile holds their row (shared) until it
      // commits, so it is seen here; one charged from now on finds the account deleted.
      await refuseWhileOwing(tx);
      if (me?.role === 'admin') {
        // Admins lock their rows in one order, so two deleting at once cannot both pass.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.id))
          .for('update');
        if (admins.length <= 1) throw conflict(DELETE_ACCOUNT_MESSAGES.lastAdmin);
      }
      // A request still waiting is withdrawn with the account.
      await tx
        .update(agreements)
        .set({ status: 'rejected', checkedAt: now })
        .where(and(eq(agreements.tenantId, userId), eq(agreements.status, 'pending')));
      for (const table of [
        sessions,
        userIdentities,
        mailPreferences,
        passwordResets,
        emailChanges,
      ]) {
        await tx.delete(table).where(eq(table.userId, userId));
      }
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(mailMessages).where(eq(mailMessages.toUserId, userId));
      await tx
        .update(users)
        .set({
          email: deletedAccountEmail(userId),
          displayName: 'Deleted account',
          photoImageId: null,
          photoUrl: null,
          passwordHash: null,
          role: 'user',
          updatedAt: sql`now()`,
          deletedAt: now,
        })
        .where(eq(users.id, userId));
      // No actor: the log is never changed, so it must not keep the name the account erases.
      await recordAudit(tx, null, {
        action: 'account.deleted',
        subjectType: 'user',
        subjectId: userId,
        summary: 'A person deleted their account; their leases and payments are kept anonymously',
      });
    }),
  );
}
