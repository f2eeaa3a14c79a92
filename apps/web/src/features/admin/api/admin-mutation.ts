import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** Every admin read lives under this key. */
export const adminKey = ['admin'] as const;

/**
 * An admin decision: once it is made every queue, count and the audit log may read differently, so
 * all of the console's data is asked for again (only what a screen shows is fetched at once).
 */
export function useAdminMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  onSuccess?: (data: TData, variables: TVariables, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => onSuccess?.(data, variables, queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
