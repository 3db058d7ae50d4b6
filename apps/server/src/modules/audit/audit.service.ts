import type { AuditAction, AuditEntry, AuditPage, SessionUser } from '@structomate/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';

/** Who did something: a signed-in person from an address, or the system (null). */
export interface AuditActor {
  id: string | null;
  email: string;
  name: string;
  ip: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  subjectType: string;
  subjectId: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** The person behind a request, as the audit log names them. */
export function actorOf(request: FastifyRequest, user: SessionUser): AuditActor & { id: string } {
  return { id: user._id, email: user.email, name: user.displayName, ip: request.ip };
}

/**
 * Adds one row to the audit log. Pass the transaction that makes the change, so the change and
 * its record are kept or lost together.
 */
export async function recordAudit(
  db: Database,
  actor: AuditActor | null,
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditLog).values({
    action: record.action,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    actorName: actor?.name ?? null,
    ip: actor?.ip ?? null,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    summary: record.summary,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** The audit log, newest first, filtered and paged in the database. */
export async function listAudit(
  db: Database,
  query: { page: number; limit: number; action?: AuditAction; q?: string },
): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(auditLog.actorEmail, pattern),
      ilike(auditLog.actorName, pattern),
      ilike(auditLog.summary, pattern),
    );
    if (text) filters.push(text);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    result: rows.map((row): AuditEntry => ({
      _id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor:
        row.actorEmail === null
          ? null
          : { id: row.actorId, email: row.actorEmail, name: row.actorName ?? row.actorEmail },
      ip: row.ip,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      summary: row.summary,
      before: row.before,
      after: row.after,
    })),
    total,
    page: query.page,
    limit: query.limit,
    pageCount: Math.max(1, Math.ceil(total / query.limit)),
  };
}
