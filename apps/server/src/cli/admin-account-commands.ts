import { recordAdminDecision } from '../db/admin-audit.ts';
import type { Database } from '../db/client.ts';
import { adminAccounts } from '../modules/accounts/admin-accounts.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import { consoleContent, studios, type Commands } from './admin-context.ts';

/** `npm run admin`: studios, admins and channel accounts. */
export const accountCommands: Commands = {
  'studio:create': {
    args: 2,
    run: async ({ db, admin }, [name, email, password]) => {
      const { studio, key } = await consoleContent(db).createStudio(admin, { name: name!, managerEmail: email!, managerPassword: password });
      console.log(`Studio #${studio.id} "${studio.name}", managed by ${studio.managers.join(', ')}.`);
      console.log(`Join key (shown once; creators enter it in Settings > Studio): ${key}`);
    },
  },
  'studio:add-manager': {
    args: 2,
    run: async ({ db, admin }, [id, email, password]) => {
      const { studio, manager } = await consoleContent(db).addStudioManager(admin, Number(id), { email: email!, password });
      console.log(`#${manager.id} ${manager.email} now manages "${studio.name}".`);
    },
  },
  'studio:rotate-key': {
    args: 1,
    run: async ({ db, admin }, [id]) => {
      console.log(`New join key of studio #${id} (shown once): ${(await consoleContent(db).rotateStudioKey(admin, Number(id))).key}`);
    },
  },
  'studio:list': {
    args: 0,
    run: async ({ db }) => {
      const rows = await studios(db).list();
      if (rows.length === 0) console.log('No studio yet.');
      for (const r of rows) console.log(`#${r.id}  "${r.name}"  ${r.members} member(s)  managers: ${r.managers.join(', ') || '(none)'}`);
    },
  },
  'admin:create': {
    args: 2,
    run: async ({ db, adminId }, [email, password]) => {
      // The console makes existing accounts admins; only here is one created, on the record all the same.
      const user = await db.transaction(async (tx) => {
        const writer = tx as unknown as Database;
        const wasAdmin = (await accountsRepository(writer).findByEmail(email!.trim()))?.isAdmin ?? null;
        const made = (await adminAccounts(writer).createAdmin({ email: email!, password: password! }))!;
        if (wasAdmin !== true) {
          await recordAdminDecision(tx, {
            adminId,
            action: 'made an admin',
            targetType: 'user',
            targetId: made.id,
            before: { isAdmin: wasAdmin ?? false, created: wasAdmin === null },
            after: { isAdmin: true },
          });
        }
        return made;
      });
      console.log(`Admin: #${user.id} ${user.email}`);
    },
  },
  'channel:create': {
    args: 4,
    run: async ({ db, admin }, [email, name, username, password]) => {
      const user = await consoleContent(db).createChannel(admin, { email: email!, name: name!, username: username!, password: password! });
      console.log(`Channel: #${user.id} @${user.username} (${user.email})`);
    },
  },
};
