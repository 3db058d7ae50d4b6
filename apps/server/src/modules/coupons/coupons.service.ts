import type {
  Coupon,
  DeleteCouponResponse,
  FeaturedCoupon,
  ManagedCoupon,
  NewCoupon,
} from '@structomate/contract';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coupons, paymentIntents, payments } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';

// Serialises switching the featured coupon between admins (any constant, the same everywhere).
const FEATURE_LOCK_KEY = 7_311_530_006;

const couponColumns = {
  id: coupons.id,
  heading: coupons.heading,
  code: coupons.code,
  percentage: coupons.percentage,
  description: coupons.description,
  validUntil: coupons.validUntil,
  createdAt: coupons.createdAt,
  featured: coupons.featured,
};

type CouponRow = {
  id: string;
  heading: string;
  code: string;
  percentage: number;
  description: string;
  validUntil: string;
  createdAt: Date;
  featured: boolean;
};

const toCoupon = (row: CouponRow): Coupon => ({
  _id: row.id,
  heading: row.heading,
  code: row.code,
  percentage: row.percentage,
  description: row.description,
  validity: row.validUntil,
  createDate: row.createdAt.toISOString(),
  featured: row.featured,
});

const notArchived = isNull(coupons.archivedAt);
/**
 * Still usable on `today`, the building's calendar day (the one `usableCoupon` judges a payment
 * by): the validity day is inclusive.
 */
const stillValid = (today: string) => sql<boolean>`${coupons.validUntil} >= ${today}::date`;
const byCode = (code: string) => sql`lower(${coupons.code}) = lower(${code})`;

/**
 * Spec §2 Manage Coupons: every coupon not removed, newest first, with what each has given: the
 * payments that used it and the rent it took off them (an undone payment is gone, so it counts
 * no more). Counted per coupon of the page, through the payments' coupon index.
 */
export async function listCoupons(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: ManagedCoupon[]; total: number }> {
  // Each column named with its table: a bare "discount" would only resolve by scope.
  const used = sql`from ${payments} where ${payments.couponId} = ${coupons.id}`;
  const given = sql`coalesce(sum(${payments.discount}), 0)`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...couponColumns,
        uses: sql<number>`(select count(*)::int ${used})`,
        discountGiven: sql`(select ${given}::bigint ${used})`.mapWith(Number),
      })
      .from(coupons)
      .where(notArchived)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(coupons).where(notArchived),
  ]);
  return {
    rows: rows.map((row) => ({
      ...toCoupon(row),
      uses: row.uses,
      discountGiven: row.discountGiven,
    })),
    total: counted?.n ?? 0,
  };
}

const validityIssue = (message: string) =>
  new AppError('VALIDATION_FAILED', `newCoupon.validity ${message}`, [
    { path: 'newCoupon.validity', message },
  ]);

/**
 * Creating (spec §4): the create date is now. The validity may not lie in the past: before the
 * building's yesterday (`today` is the building's calendar day; the day of slack is for an admin
 * west of the building, whose picker's today is the building's yesterday). Codes are unique
 * whatever their case, including those of removed coupons that payments used: a code means one
 * offer.
 */
export async function createCoupon(db: Database, input: NewCoupon, today: string): Promise<string> {
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (input.validity < yesterday) throw validityIssue('must be today or later');
  try {
    // In a transaction (a savepoint inside the caller's), so a refused insert leaves the
    // caller's transaction usable for the look below.
    const [created] = await db.transaction((tx) =>
      tx
        .insert(coupons)
        .values({
          code: input.code,
          heading: input.heading,
          description: input.description,
          percentage: input.percentage,
          validUntil: input.validity,
        })
        .returning({ id: coupons.id }),
    );
    if (!created) throw new Error('insert returned nothing');
    return created.id;
  } catch (error) {
    if (uniqueViolation(error) === 'coupons_code_lower_unique') {
      const [existing] = await db
        .select({ archivedAt: coupons.archivedAt })
        .from(coupons)
        .where(byCode(input.code));
      throw conflict(
        existing?.archivedAt
          ? `The code ${input.code} belonged to a removed coupon that payments used. Choose another code.`
          : `A coupon with the code ${input.code} already exists. Choose another code.`,
      );
    }
    throw error;
  }
}

/**
 * Removing (spec §4): a coupon no payment used is deleted; one a payment used, or a card payment
 * still open or going through holds, is archived, so the payment keeps its coupon (and the one
 * use per tenant it counts) while the coupon leaves the list and is no longer offered. The row
 * lock keeps a payment from taking the coupon between the check and the delete: a payment opened
 * meanwhile holds the row (its foreign key) until it commits, and one opened after finds no
 * coupon.
 */
export async function removeCoupon(db: Database, id: string): Promise<DeleteCouponResponse> {
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.id, id), notArchived))
      .for('update');
    if (!coupon) throw notFound('No coupon has this id (it may have been removed already).');
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.couponId, id))
      .limit(1);
    const [held] = used
      ? [used]
      : await tx
          .select({ id: paymentIntents.id })
          .from(paymentIntents)
          .where(
            and(
              eq(paymentIntents.couponId, id),
              inArray(paymentIntents.status, ['open', 'processing', 'succeeded']),
            ),
          )
          .limit(1);
    if (held) {
      await tx
        .update(coupons)
        .set({ archivedAt: sql`now()`, featured: false })
        .where(eq(coupons.id, id));
      return { ok: true as const, removal: 'archived' as const };
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    return { ok: true as const, removal: 'deleted' as const };
  });
}

/**
 * Shows a coupon in the home page banner instead of the one shown so far: one transaction, under
 * a lock, so two admins featuring at once end with exactly one featured coupon (the later one).
 * Only an active coupon (not removed, not expired) can be featured.
 */
export async function featureCoupon(db: Database, id: string, today: string): Promise<Coupon> {
  const featured = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEATURE_LOCK_KEY})`);
    const [target] = await tx
      .select({ id: coupons.id, validUntil: coupons.validUntil, usable: stillValid(today) })
      .from(coupons)
      .where(and(eq(coupons.id, id), notArchived));
    if (!target) throw notFound('No coupon has this id (it may have been removed).');
    if (!target.usable) {
      throw conflict(
        `This coupon expired on ${target.validUntil}; an expired coupon cannot be featured.`,
      );
    }
    await tx
      .update(coupons)
      .set({ featured: false })
      .where(and(eq(coupons.featured, true), ne(coupons.id, id)));
    const [row] = await tx
      .update(coupons)
      .set({ featured: true })
      .where(eq(coupons.id, id))
      .returning(couponColumns);
    if (!row) throw notFound('No coupon has this id (it may have been removed).');
    return row;
  });
  return toCoupon(featured);
}

/**
 * The home page banner's coupon: the featured one while it is active on `today` (the building's
 * day), else none (the banner then shows the launch offer of spec §2).
 */
export async function featuredCoupon(db: Database, today: string): Promise<FeaturedCoupon | null> {
  const [row] = await db
    .select(couponColumns)
    .from(coupons)
    .where(and(eq(coupons.featured, true), notArchived, stillValid(today)))
    .limit(1);
  // Only the banner's fields: the response schema's nullable object admits no others.
  return row
    ? {
        heading: row.heading,
        description: row.description,
        code: row.code,
        percentage: row.percentage,
        validity: row.validUntil,
      }
    : null;
}

export interface UsableCoupon {
  id: string;
  code: string;
  percentage: number;
}

/**
 * The one rule for whether a typed code can be used on a payment made on `today` (the building's
 * calendar day, from the app clock, so tests can set it): the coupon exists whatever the case of
 * the code, is not removed, and its validity day is today or later. Otherwise a 400 that says why.
 * Whether this tenant already holds or used it is the payments' own rule (a unique index).
 */
export async function usableCoupon(
  db: Database,
  code: string,
  today: string,
): Promise<UsableCoupon> {
  const trimmed = code.trim();
  const [row] = trimmed
    ? await db
        .select({
          id: coupons.id,
          code: coupons.code,
          percentage: coupons.percentage,
          validUntil: coupons.validUntil,
        })
        .from(coupons)
        .where(and(byCode(trimmed), notArchived))
        .limit(1)
    : [];
  if (!row) throw badRequest(`Coupon ${trimmed.toUpperCase()} does not exist.`);
  if (row.validUntil < today) {
    const until = new Date(`${row.validUntil}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    throw badRequest(`Coupon ${row.code} expired on ${until}.`);
  }
  return { id: row.id, code: row.code, percentage: row.percentage };
}

/** The discount a coupon gives on a rent, in whole taka (rounded down: never more than it says). */
export const couponDiscount = (rent: number, percentage: number) =>
  Math.floor((rent * percentage) / 100);

/** A coupon's code and percentage by id (for an intent that holds it). */
export async function couponById(db: Database, id: string): Promise<UsableCoupon | undefined> {
  const [row] = await db
    .select({ id: coupons.id, code: coupons.code, percentage: coupons.percentage })
    .from(coupons)
    .where(eq(coupons.id, id));
  return row;
}
