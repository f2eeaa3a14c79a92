import { adminHashListImportResponseSchema, type AdminHashListImportResponse } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** POST /admin/hash-lists {name, text}: the file's text, one hex hash a line; what was imported, skipped and could not be read. */
export async function importHashList({ name, text }: { name: string; text: string }): Promise<AdminHashListImportResponse> {
  return adminHashListImportResponseSchema.parse(await api.post<unknown>('/admin/hash-lists', { name, text }));
}

export function useImportHashList() {
  return useAdminMutation(importHashList);
}
