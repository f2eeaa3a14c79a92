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
