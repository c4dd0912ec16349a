import { useQuery } from '@tanstack/react-query';
import { useSession, type SessionUser } from './use-session';

/** `key` and the shopper's id: one shopper's data never shows for the next one on the same browser. */
const shopperKey = <K extends readonly string[]>(key: K, user: SessionUser | null) => [...key, user?.id ?? ''] as const;

/** The query key of the signed-in shopper's own data under `key`. */
export function useShopperKey<K extends readonly string[]>(key: K) {
  return shopperKey(key, useSession().user);
}

/**
 * The signed-in shopper's own data (cart, orders) under `useShopperKey(key)`, read again each time it
 * is shown (the server changes it: prices, order statuses); idle (no data) for a visitor.
 */
export function useShopperQuery<T>(key: readonly string[], read: (signal: AbortSignal) => Promise<T>) {
  const { user } = useSession();
  return useQuery({ queryKey: shopperKey(key, user), queryFn: ({ signal }) => read(signal), staleTime: 0, enabled: Boolean(user) });
}
