import { adminHoldReleaseResponseSchema, type AdminHoldReleaseResponse, type releasableHoldKinds } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type ReleasableHoldKind = (typeof releasableHoldKinds)[number];

/** POST /admin/holds/{id}/release {kind}: the last hold released publishes the video as moderation allows (409 when it is not open). */
export async function releaseHold({ id, kind }: { id: number; kind: ReleasableHoldKind }): Promise<AdminHoldReleaseResponse> {
  return adminHoldReleaseResponseSchema.parse(await api.post<unknown>(`/admin/holds/${id}/release`, { kind }));
}

export function useReleaseHold() {
  return useAdminMutation(releaseHold);
}
