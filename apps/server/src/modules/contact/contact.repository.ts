import type { ContactRequest } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { contactMessages } from './contact.schema.ts';

export function contactRepository(db: Database) {
  return {
    async insert(message: ContactRequest & { clientIp: string; userAgent?: string }) {
      const [row] = await db
        .insert(contactMessages)
        .values({
          email: message.email,
          message: message.message,
          clientIp: message.clientIp,
          userAgent: message.userAgent?.slice(0, 512),
        })
        .returning({ id: contactMessages.id });
      return row;
    },
  };
}
