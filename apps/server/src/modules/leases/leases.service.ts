import type { Agreement, SessionUser } from '@structomate/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements, apartments, users } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { imageUrl } from '../images/images.service';

const agreementColumns = {
  id: agreements.id,
  status: agreements.status,
  rent: agreements.rent,
  signedAt: agreements.signedAt,
  checkedAt: agreements.checkedAt,
  endedAt: agreements.endedAt,
  tenantId: users.id,
  tenantName: users.displayName,
  tenantEmail: users.email,
  tenantRole: users.role,
  tenantPhotoImageId: users.photoImageId,
  tenantPhotoUrl: users.photoUrl,
  apartmentId: apartments.id,
  apartmentNo: apartments.apartmentNo,
  floorNo: apartments.floorNo,
  blockName: apartments.blockName,
  details: apartments.details,
  imageId: apartments.imageId,
};

const selectAgreements = (db: Database) =>
  db
    .select(agreementColumns)
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.tenantId))
    .innerJoin(apartments, eq(apartments.id, agreements.apartmentId));

type AgreementRow = Awaited<ReturnType<typeof selectAgreements>>[number];

function toAgreement(row: AgreementRow): Agreement {
  return {
    _id: row.id,
    tenant_id: row.tenantId,
    tenant: row.tenantName,
    tenantEmail: row.tenantEmail,
    tenantRole: row.tenantRole,
    tenantImage: row.tenantPhotoImageId ? imageUrl(row.tenantPhotoImageId) : row.tenantPhotoUrl,
    status: row.status,
    agreementSigningDate: row.signedAt.toISOString(),
    agreementCheckedDate: row.checkedAt?.toISOString() ?? null,
    agreementEndDate: row.endedAt?.toISOString() ?? null,
    apartmentDetails: {
      _id: row.apartmentId,
      apartmentNo: row.apartmentNo,
      floorNo: row.floorNo,
      blockName: row.blockName,
      rent: row.rent,
      details: row.details,
      apartmentImage: imageUrl(row.imageId),
    },
  };
}

export async function findAgreements(
  db: Database,
  where: SQL | undefined,
  options: { limit?: number; newestFirst?: boolean } = {},
): Promise<Agreement[]> {
  const query = selectAgreements(db)
    .where(where)
    .orderBy(options.newestFirst === false ? agreements.signedAt : desc(agreements.signedAt));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(toAgreement);
}

/**
 * The spec's lookups name the tenant in the body; ours answer about the caller only, so an email
 * or id that is someone else's is refused rather than answered.
 */
export function assertOwnLookup(
  caller: SessionUser,
  body: { tenantEmail?: string; tenant_id?: string } | null | undefined,
): void {
  const emailIsOther =
    body?.tenantEmail !== undefined &&
    body.tenantEmail.toLowerCase() !== caller.email.toLowerCase();
  const idIsOther = body?.tenant_id !== undefined && body.tenant_id !== caller._id;
  if (emailIsOther || idIsOther) throw forbidden('You can only look up your own agreement');
}

/** The member's lease: the accepted agreement they live under (spec §7 /member/agreements). */
export async function memberAgreement(db: Database, userId: string): Promise<Agreement | null> {
  const [agreement] = await findAgreements(
    db,
    and(eq(agreements.tenantId, userId), eq(agreements.status, 'accepted')),
    { limit: 1 },
  );
  return agreement ?? null;
}

/** The user's latest request, whatever its status (spec §7 /users/agreements/). */
export async function latestAgreement(db: Database, userId: string): Promise<Agreement | null> {
  const [agreement] = await findAgreements(db, eq(agreements.tenantId, userId), { limit: 1 });
  return agreement ?? null;
}
