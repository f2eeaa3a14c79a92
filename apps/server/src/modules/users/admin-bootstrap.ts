import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create the first admin, or make an existing account with that e-mail an
 * admin. The password is only set on creation: changing it later is the admin's own business.
 */
export async function bootstrapAdmin(db: Database, admin: { email: string; password: string }) {
  const passwordHash = await hashPassword(admin.password);
  await db.execute(sql`
    insert into users (type, email, password_hash, name, is_admin, email_verified_at)
    values ('user', ${admin.email}, ${passwordHash}, 'Admin', true, now())
    on conflict (lower(email)) do update set is_admin = true, updated_at = now()`);
}
