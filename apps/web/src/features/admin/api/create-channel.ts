import { adminPersonSchema, type AdminPerson } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export interface NewChannel {
  email: string;
  name: string;
  username: string;
  password: string;
}

/** POST /admin/channels: a channel account. */
export async function createChannel(channel: NewChannel): Promise<AdminPerson> {
  return adminPersonSchema.parse(await api.post<unknown>('/admin/channels', channel));
}

export function useCreateChannel() {
  return useAdminMutation(createChannel);
}
