import { adminPersonSchema, type AdminPerson, type adminChannelCreateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type NewChannel = z.input<typeof adminChannelCreateSchema>;

/** POST /admin/channels: a channel account. */
export async function createChannel(channel: NewChannel): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>('/admin/channels', channel));
}

export function useCreateChannel() {
  return useAdminMutation(createChannel);
}
