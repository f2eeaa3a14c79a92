import type { Database } from './client.ts';
import { adminAudit } from './schema.ts';

/** A transaction of `db`, or `db` itself: where an admin decision and its record are written together. */
type Writer = Pick<Database, 'insert'>;

export interface AdminDecision {
  adminId: number;
  action: string;
  targetType: string;
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

/** Records an admin decision (issue 15); call it inside the decision's own transaction. */
export async function recordAdminDecision(writer: Writer, decision: AdminDecision): Promise<void> {
  await writer.insert(adminAudit).values({
    adminId: decision.adminId,
    action: decision.action,
    targetType: decision.targetType,
    targetId: decision.targetId,
    before: decision.before ?? null,
    after: decision.after ?? null,
  });
}

/** The same record inside a transaction on a plain pg client. */
export async function recordAdminDecisionOn(client: { query: (text: string, values: unknown[]) => Promise<unknown> }, decision: AdminDecision): Promise<void> {
  await client.query('insert into admin_audit (admin_id, action, target_type, target_id, before, after) values ($1, $2, $3, $4, $5, $6)', [
    decision.adminId,
    decision.action,
    decision.targetType,
    decision.targetId,
    decision.before === undefined ? null : JSON.stringify(decision.before),
    decision.after === undefined ? null : JSON.stringify(decision.after),
  ]);
}
