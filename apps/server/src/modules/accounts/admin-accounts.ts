import { accountMessages, adminMessages, emailSchema, PASSWORD_MIN_LENGTH, usernameSchema } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { accountsRepository } from './accounts.repository.ts';
import { accountsService } from './accounts.service.ts';

/**
 * Accounts only an admin creates: channel accounts (accounts.md §1) and further admins. What it refuses
 * is a 422 with the contract's words; `db` may be a transaction's (db/transaction-database.ts).
 */
export function adminAccounts(db: Database) {
  const repo = accountsRepository(db);
  const accounts = accountsService(db);

  async function checkCredentials(email: string, password: string) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) throw new HttpError(422, accountMessages.invalidEmailAddress);
    if (password.length < PASSWORD_MIN_LENGTH) throw new HttpError(422, accountMessages.passwordTooShort);
    return parsed.data;
  }

  return {
    async createChannel(input: { email: string; name: string; username: string; password: string }) {
      const email = await checkCredentials(input.email, input.password);
      const username = usernameSchema.safeParse(input.username);
      if (!username.success) throw new HttpError(422, username.error.issues[0]!.message);
      if (await repo.findByEmail(email)) throw new HttpError(422, accountMessages.emailTaken);
      if (!(await accounts.isHandleAvailable(username.data))) throw new HttpError(422, accountMessages.usernameTaken);
      return repo.insert({
        type: 'channel',
        email,
        name: input.name.trim() || username.data,
        username: username.data,
        slug: username.data,
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: new Date(),
      });
    },

    /** An existing account by e-mail, or a new plain user account (a studio's manager, say) with this password. */
    async findOrCreateUser(input: { email: string; password?: string; name: string }) {
      const parsed = emailSchema.safeParse(input.email);
      if (!parsed.success) throw new HttpError(422, accountMessages.invalidEmailAddress);
      const existing = await repo.findByEmail(parsed.data);
      if (existing) return existing;
      if (!input.password) throw new HttpError(422, adminMessages.managerPasswordRequired(parsed.data));
      const email = await checkCredentials(parsed.data, input.password);
      return repo.insert({ type: 'user', email, name: input.name, passwordHash: await hashPassword(input.password), emailVerifiedAt: new Date() });
    },

    /** Makes an existing account an admin, or creates a plain user account that is one. */
    async createAdmin(input: { email: string; password: string }) {
      const email = await checkCredentials(input.email, input.password);
      const existing = await repo.findByEmail(email);
      if (existing) return repo.update(existing.id, { isAdmin: true });
      return repo.insert({
        type: 'user',
        email,
        name: 'Admin',
        passwordHash: await hashPassword(input.password),
        isAdmin: true,
        emailVerifiedAt: new Date(),
      });
    },
  };
}
