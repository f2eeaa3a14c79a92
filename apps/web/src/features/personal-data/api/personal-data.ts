import { dataExportLinkResponseSchema, dataExportStateSchema, deletionScheduledResponseSchema, deletionSummarySchema, type DataExportState } from '@flick/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast, TOAST_MAX_MS } from '../../../components/ui/toast.tsx';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../session/stores/session-changes.ts';

const exportKey = ['account', 'export'] as const;

/** GET /account/deletion: what deleting removes and keeps, and what this account has. */
export function useDeletionSummary() {
  return useQuery({ queryKey: ['account', 'deletion'], queryFn: async () => deletionSummarySchema.parse(await api.get<unknown>('/account/deletion')) });
}

/**
 * POST /account/deletion with the password: the account is signed out everywhere at once, this browser
 * too (the login guard then shows the sign-in screen), with the date said. Here, not in the screen: another
 * request meeting the revoked session may have ended it and left the screen before this answer came.
 */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: async (password: string) => deletionScheduledResponseSchema.parse(await api.post<unknown>('/account/deletion', { password })),
    onSuccess: ({ message }) => {
      clearSession();
      toast(message, { duration: TOAST_MAX_MS });
    },
  });
}

/** GET /account/export; asked again every few seconds while the archive is being prepared. */
export function useExportState() {
  return useQuery({
    queryKey: exportKey,
    queryFn: async () => dataExportStateSchema.parse(await api.get<unknown>('/account/export')),
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? 4000 : false),
  });
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => dataExportStateSchema.parse(await api.post<unknown>('/account/export')),
    onSuccess: (state: DataExportState) => client.setQueryData(exportKey, state),
  });
}

/** A one-minute address of the archive (with the mailed link's token, only that archive); the browser then downloads it. */
export async function downloadArchive(token?: string) {
  const { url } = dataExportLinkResponseSchema.parse(await api.post<unknown>('/account/export/link', token ? { token } : {}));
  window.location.assign(url);
}
