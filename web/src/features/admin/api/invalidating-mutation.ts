import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds (or, with `on: 'settled'`, also once it fails), marks these
 * queries stale, so that every list showing the changed data reads it again; the mutation resolves
 * after they have.
 */
export function useInvalidatingMutation<T, R>(mutationFn: (input: T) => Promise<R>, keys: readonly QueryKey[], on: 'success' | 'settled' = 'success') {
  const queryClient = useQueryClient();
  const invalidate = () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({ mutationFn, ...(on === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }) });
}
