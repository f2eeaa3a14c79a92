import type { ContactRequest } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { contactRepository } from './contact.repository.ts';

/** Messages to support (the contact form), kept for the team to answer. */
export function contactService(db: Database) {
  const repo = contactRepository(db);
  return {
    store: (message: ContactRequest & { clientIp: string; userAgent?: string }) => repo.insert(message),
  };
}

export type ContactService = ReturnType<typeof contactService>;
