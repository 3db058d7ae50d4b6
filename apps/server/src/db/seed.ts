import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  LEASE_TERMS,
  SPEC_LEASE_DEFAULTS,
  addMonths,
  dayLabel,
  leaseTerms,
  visitWindow,
} from '@structomate/contract';
import { DEFAULT_TIME_ZONE } from '../config';
import { calendarDay } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import type { Database } from './client';
import {
  demoAccounts,
  demoAnnouncements,
  demoApartments,
  demoBuilding,
  demoCoupon,
  demoFormerTenant,
  demoMemberApartmentNo,
} from './demo-data';
import {
  agreements,
  announcements,
  auditLog,
  apartmentPhotos,
  apartments,
  building,
  coupons,
  depositEntries,
  images,
  leaseTermColumns,
  maintenanceContacts,
  maintenanceEvents,
  maintenanceRequests,
  payments,
  users,
} from './schema';
import { artworkDir } from '../paths';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const ArtworkManifestSchema = z.array(
  z.object({
    file: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
);
/** The audit log's first line on a demo building. */
export const DEMO_SETUP_SUMMARY =
  "Demo building set up with sample data: apartments, the demo accounts, a tenant's lease with its payments and deposit, a former tenant, a coupon, announcements and repair requests";
// Serialises seeding across servers that start together on one PostgreSQL.
const SEED_LOCK_KEY = 7_311_530_002;

export interface SeedReport {
  apartments: number;
  accounts: number;
  announcements: number;
  coupons: number;
}

/**
 * Fills what is missing of the demo content; running it again changes nothing.
 * Demo accounts are created only here, so a database without `DEMO` gets none.
 */
export async function seedDemoData(
  db: Database,
  clock: { now: Date; timeZone: string } = { now: new Date(), timeZone: DEFAULT_TIME_ZONE },
): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const report = {
      apartments: await seedApartments(tx),
      accounts: await seedAccounts(tx),
      coupons: await seedCoupon(tx),
      announcements: await seedAnnouncements(tx),
    };
    const [setUp] = await tx
      .insert(building)
      .values(demoBuilding)
      .onConflictDoNothing()
      .returning({ id: building.id });
    await seedMemberLease(tx);
    const currentMonth = calendarDay(clock.now, clock.timeZone).slice(0, 7);
    await seedMemberPayments(tx, currentMonth);
    await seedFormerTenant(tx, currentMonth);
    await seedMaintenance(tx, clock.now, clock.timeZone);
    // The audit log starts with what made this building: the system, which added the demo, not
    // a person (what the demo's people did before is in its rows, not in the log).
    if (setUp) {
      await tx.insert(auditLog).values({
        action: 'building.setup',
        subjectType: 'building',
        // As the landlord's own setting up records it: the one building, named by no id.
        subjectId: null,
        summary: DEMO_SETUP_SUMMARY,
        at: clock.now,
      });
    }
    return report;
  });
}

async function seedApartments(tx: Transaction): Promise<number> {
  const manifest = ArtworkManifestSchema.parse(
    JSON.parse(await readFile(path.join(artworkDir, 'manifest.json'), 'utf8')),
  );
  let inserted = 0;
  for (const [index, apartment] of demoApartments.entries()) {
    const art = manifest[index];
    if (!art) throw new Error(`No artwork for demo apartment ${apartment.apartmentNo}`);
    const data = await readFile(path.join(artworkDir, art.file));
    const imageId = createHash('sha256').update(data).digest('hex');
    await tx
      .insert(images)
      .values({
        id: imageId,
        mimeType: 'image/webp',
        width: art.width,
        height: art.height,
        byteSize: data.byteLength,
        data,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .insert(apartments)
      .values(apartment)
      .onConflictDoNothing()
      .returning({ id: apartments.id });
    if (!row) continue;
    await tx.insert(apartmentPhotos).values({ apartmentId: row.id, position: 0, imageId });
    inserted += 1;
  }
  return inserted;
}

async function seedAccounts(tx: Transaction): Promise<number> {
  let inserted = 0;
  for (const account of demoAccounts) {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${account.email})`);
    if (existing) continue;
    await tx.insert(users).values({
      email: account.email,
      displayName: account.displayName,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      ...(account.joinedAt ? { createdAt: new Date(account.joinedAt) } : {}),
    });
    inserted += 1;
  }
  return inserted;
}

/** The demo member lives in one apartment under an accepted lease, so occupancy has an example. */
async function seedMemberLease(tx: Transaction): Promise<void> {
  const member = demoAccounts.find((account) => account.role === 'member');
  if (!member) return;
  const [tenant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${member.email})`, eq(users.role, 'member')));
  const [apartment] = await tx
    .select({ id: apartments.id, rent: apartments.rent })
    .from(apartments)
    .where(eq(apartments.apartmentNo, demoMemberApartmentNo));
  if (!tenant || !apartment) return;
  const [leases] = await tx
    .select({ n: count() })
    .from(agreements)
    .where(eq(agreements.tenantId, tenant.id));
  if (leases && leases.n > 0) return;
  const terms = leaseTerms(SPEC_LEASE_DEFAULTS, apartment.rent, LEASE_TERMS.startDate);
  const [lease] = await tx
    .insert(agreements)
    .values({
      tenantId: tenant.id,
      apartmentId: apartment.id,
      status: 'accepted',
      ...leaseTermColumns(terms),
      signedAt: new Date('2025-01-10T09:30:00Z'),
      checkedAt: new Date('2025-01-12T11:00:00Z'),
    })
    // Someone else may already lease that flat in a database that outlived its demo content.
    .onConflictDoNothing()
    .returning({ id: agreements.id });
  // He paid the deposit by bank transfer the day his lease was accepted; the office recorded it.
  const [office] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!lease || !office || terms.deposit === 0) return;
  await tx.insert(depositEntries).values({
    agreementId: lease.id,
    kind: 'received',
    amount: terms.deposit,
    method: 'bank',
    reference: 'DBBL 2025-0112',
    entryDate: '2025-01-12',
    recordedBy: office.id,
    recordedAt: new Date('2025-01-12T11:10:00Z'),
  });
}

/**
 * The demo member has paid every month from the lease's first month up to last month, by the
 * sandbox, so the history, the ledger and the admin's chart have something to show and this
 * month is due.
 */
async function seedMemberPayments(tx: Transaction, currentMonth: string): Promise<void> {
  const [lease] = await tx
    .select({ id: agreements.id, tenantId: agreements.tenantId, rent: agreements.rent })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .where(
      and(
        eq(agreements.status, 'accepted'),
        sql`lower(${users.email}) = lower(${demoAccounts.find((a) => a.role === 'member')?.email ?? ''})`,
      ),
    );
  if (!lease) return;
  const [existing] = await tx
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.userId, lease.tenantId));
  if (existing && existing.n > 0) return;
  // The lease starts February 2025 (the spec's term); the last paid month is last month.
  await insertSandboxPayments(tx, lease, 'pi_sbx_demo_', '2025-02', addMonths(currentMonth, -1));
}

/**
 * The former tenant rented from March 2025 until the 20th of the month before last; he paid
 * until four months ago, so the two months before his lease ended are still his to pay.
 */
async function seedFormerTenant(tx: Transaction, currentMonth: string): Promise<void> {
  const [tenant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${demoFormerTenant.email}`, eq(users.role, 'user')));
  const [apartment] = await tx
    .select({ id: apartments.id, rent: apartments.rent })
    .from(apartments)
    .where(eq(apartments.apartmentNo, demoFormerTenant.apartmentNo));
  if (!tenant || !apartment) return;
  const [leases] = await tx
    .select({ n: count() })
    .from(agreements)
    .where(eq(agreements.tenantId, tenant.id));
  if (leases && leases.n > 0) return;
  const endMonth = addMonths(currentMonth, -2);
  const [lease] = await tx
    .insert(agreements)
    .values({
      tenantId: tenant.id,
      apartmentId: apartment.id,
      status: 'ended',
      ...leaseTermColumns(leaseTerms(SPEC_LEASE_DEFAULTS, apartment.rent, '2025-03-01')),
      signedAt: new Date('2025-03-01T09:00:00Z'),
      checkedAt: new Date('2025-03-05T06:00:00Z'),
      endedAt: new Date(`${endMonth}-20T06:00:00Z`),
    })
    .returning({ id: agreements.id });
  if (!lease) return;
  await insertSandboxPayments(
    tx,
    { id: lease.id, tenantId: tenant.id, rent: apartment.rent },
    'pi_sbx_demo_former_',
    '2025-03',
    addMonths(currentMonth, -4),
  );
}

/** The rent of every month from `first` to `last` (`YYYY-MM`), paid by card on the 3rd. */
async function insertSandboxPayments(
  tx: Transaction,
  lease: { id: string; tenantId: string; rent: number },
  idPrefix: string,
  first: string,
  last: string,
): Promise<void> {
  const rows = [];
  for (let key = first; key <= last; key = addMonths(key, 1)) {
    rows.push({
      transactionId: `${idPrefix}${key.replace('-', '')}`,
      userId: lease.tenantId,
      agreementId: lease.id,
      billingMonth: `${key}-01`,
      rent: lease.rent,
      discount: 0,
      amountCharged: lease.rent * 100,
      currency: 'bdt',
      provider: 'sandbox',
      paidAt: new Date(`${key}-03T10:00:00Z`),
    });
  }
  if (rows.length) await tx.insert(payments).values(rows).onConflictDoNothing();
}

async function seedCoupon(tx: Transaction): Promise<number> {
  const rows = await tx
    .insert(coupons)
    .values({ ...demoCoupon, featured: true })
    .onConflictDoNothing()
    .returning({ id: coupons.id });
  return rows.length;
}

async function seedAnnouncements(tx: Transaction): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(announcements);
  if (existing && existing.n > 0) return 0;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const now = Date.now();
  const rows = await tx
    .insert(announcements)
    .values(
      demoAnnouncements.map((announcement, index) => ({
        ...announcement,
        authorId: admin?.id ?? null,
        // Oldest first, a day apart, so the list has a visible order.
        createdAt: new Date(now - (demoAnnouncements.length - index) * 86_400_000),
      })),
    )
    .returning({ id: announcements.id });
  return rows.length;
}

const HOUR = 3_600_000;

/**
 * Two contacts and two of the demo member's maintenance requests, so the inbox, the tenant's list
 * and the figures have something to show: one fixed, confirmed and rated last month, one with a
 * visit booked for the day after tomorrow.
 */
async function seedMaintenance(tx: Transaction, now: Date, timeZone: string): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(maintenanceRequests);
  if (existing && existing.n > 0) return;
  const member = demoAccounts.find((account) => account.role === 'member');
  const [lease] = await tx
    .select({ id: agreements.id, tenantId: agreements.tenantId })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${member?.email ?? ''})`,
        eq(agreements.status, 'accepted'),
      ),
    );
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  if (!lease || !admin) return;
  // The admin may have listed one of them already (a name is listed once for a trade): theirs
  // is used.
  const listed: (string | undefined)[] = [];
  for (const contact of [
    { name: 'Karim Hossain', trade: 'Plumber', phone: '+880 1711 555 201' },
    { name: 'Brightline Electric', trade: 'Electrician', phone: '+880 1811 555 302' },
  ]) {
    await tx.insert(maintenanceContacts).values(contact).onConflictDoNothing();
    const [row] = await tx
      .select({ id: maintenanceContacts.id })
      .from(maintenanceContacts)
      .where(
        and(
          sql`lower(${maintenanceContacts.name}) = lower(${contact.name})`,
          sql`lower(${maintenanceContacts.trade}) = lower(${contact.trade})`,
          isNull(maintenanceContacts.removedAt),
        ),
      );
    listed.push(row?.id);
  }
  const [plumber, electrician] = listed;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const filed = 40 * 24;
  const [fixed] = await tx
    .insert(maintenanceRequests)
    .values({
      tenantId: lease.tenantId,
      agreementId: lease.id,
      category: 'plumbing',
      urgency: 'urgent',
      status: 'closed',
      title: 'Kitchen sink drains slowly',
      description: 'The kitchen sink takes several minutes to drain and smells.',
      location: 'Kitchen',
      entryPermission: true,
      preferredTimes: 'Weekday mornings',
      assigneeId: plumber,
      version: 6,
      createdAt: at(filed),
      updatedAt: at(filed - 60),
      updatedBy: lease.tenantId,
      firstResponseAt: at(filed - 2),
      resolvedAt: at(filed - 50),
      closedAt: at(filed - 60),
      rating: 5,
      ratingComment: 'Fixed the same day. Thank you!',
      ratedAt: at(filed - 60),
    })
    .returning({ id: maintenanceRequests.id });
  const visitDay = calendarDay(new Date(now.getTime() + 48 * HOUR), timeZone);
  const [booked] = await tx
    .insert(maintenanceRequests)
    .values({
      tenantId: lease.tenantId,
      agreementId: lease.id,
      category: 'electrical',
      urgency: 'routine',
      status: 'scheduled',
      title: 'Bedroom light flickers',
      description: 'The main light in the bedroom flickers when it is switched on.',
      location: 'Main bedroom',
      entryPermission: false,
      preferredTimes: 'After 5 pm',
      assigneeId: electrician,
      visitDate: visitDay,
      visitFrom: '17:00',
      visitTo: '19:00',
      version: 4,
      createdAt: at(30),
      updatedAt: at(26),
      updatedBy: admin.id,
      firstResponseAt: at(28),
    })
    .returning({ id: maintenanceRequests.id });
  if (!fixed || !booked) return;
  const step = (
    requestId: string,
    hoursAgo: number,
    kind: (typeof maintenanceEvents.$inferInsert)['kind'],
    byAdmin: boolean,
    status: (typeof maintenanceEvents.$inferInsert)['status'],
    text: string | null = null,
  ) => ({
    requestId,
    at: at(hoursAgo),
    kind,
    status,
    text,
    actorId: byAdmin ? admin.id : lease.tenantId,
    actorRole: byAdmin ? ('admin' as const) : ('member' as const),
  });
  await tx
    .insert(maintenanceEvents)
    .values([
      step(fixed.id, filed, 'filed', false, 'new', 'Urgent · Plumbing'),
      step(fixed.id, filed - 2, 'status', true, 'acknowledged', 'We will send a plumber today.'),
      step(fixed.id, filed - 2, 'assigned', true, null, 'Assigned to Karim Hossain (Plumber)'),
      step(fixed.id, filed - 6, 'status', true, 'in_progress'),
      step(fixed.id, filed - 50, 'status', true, 'resolved', 'The trap was blocked; cleared.'),
      step(fixed.id, filed - 60, 'confirmed', false, 'closed'),
      step(fixed.id, filed - 60, 'rated', false, null, '★★★★★ “Fixed the same day. Thank you!”'),
      step(booked.id, 30, 'filed', false, 'new', 'Routine · Electrical'),
      step(booked.id, 28, 'status', true, 'acknowledged'),
      step(booked.id, 27, 'assigned', true, null, 'Assigned to Brightline Electric (Electrician)'),
      step(
        booked.id,
        26,
        'visit',
        true,
        'scheduled',
        `Visit on ${dayLabel(visitDay)}, ${visitWindow('17:00', '19:00')}`,
      ),
    ]);
}
