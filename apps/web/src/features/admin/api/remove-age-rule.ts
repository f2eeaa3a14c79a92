import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** DELETE /admin/age-rules?country=…&region=…: the place then follows its country's rule, or none. */
export async function removeAgeRule({ country, region }: { country: string; region: string }): Promise<void> {
  const query = new URLSearchParams({ country });
  if (region) query.set('region', region);
  await api.delete<unknown>(`/admin/age-rules?${query.toString()}`);
}

export function useRemoveAgeRule() {
  return useAdminMutation(removeAgeRule);
}
