import { AsyncLocalStorage } from 'node:async_hooks';
import type { AdminAuditAction } from '@flick/contract';
import type { Database } from './client.ts';
import { adminAudit } from './schema.ts';

/** A transaction of `db`, or `db` itself: where an admin decision and its record are written together. */
type Writer = Pick<Database, 'insert'>;

export interface AdminDecision {
  /** The admin account that decided; null for the admin CLI run without naming one (ADR 0015). */
  adminId: number | null;
  /** One of the contract's adminAuditActions, which the console's filter offers. */
  action: AdminAuditAction;
  targetType: string;
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

const cliUser = new AsyncLocalStorage<string>();

/**
 * Runs `decide` as the admin CLI run by the OS account `osUser`: every decision recorded inside it,
 * through the same services as the console, carries that account (ADR 0015).
 */
export function decideFromCli<T>(osUser: string, decide: () => Promise<T>): Promise<T> {
  return cliUser.run(osUser, decide);
}

/** Records an admin decision (ADR 0015); call it inside the decision's own transaction. */
export async function recordAdminDecision(writer: Writer, decision: AdminDecision): Promise<void> {
  await writer.insert(adminAudit).values({
    adminId: decision.adminId,
    cliUser: cliUser.getStore() ?? null,
    action: decision.action,
    targetType: decision.targetType,
    targetId: decision.targetId,
    before: decision.before ?? null,
    after: decision.after ?? null,
  });
}

/** The same record inside a transaction on a plain pg client. */
export async function recordAdminDecisionOn(client: { query: (text: string, values: unknown[]) => Promise<unknown> }, decision: AdminDecision): Promise<void> {
  await client.query('insert into admin_audit (admin_id, cli_user, action, target_type, target_id, before, after) values ($1, $2, $3, $4, $5, $6, $7)', [
    decision.adminId,
    cliUser.getStore() ?? null,
    decision.action,
    decision.targetType,
    decision.targetId,
    decision.before === undefined ? null : JSON.stringify(decision.before),
    decision.after === undefined ? null : JSON.stringify(decision.after),
  ]);
}
