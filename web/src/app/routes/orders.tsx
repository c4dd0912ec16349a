import { accountMessages } from '@shared/account-messages';
import { orderMessages } from '@shared/order-messages';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { useRequireUser } from '@/features/auth/hooks/use-require-user';
import { useUserOrders } from '@/features/orders/api/get-orders';
import { OrderCard } from '@/features/orders/components/order-card';

/** /Orders and /orders: the signed-in shopper's orders, newest first (SPEC.md §2). */
export function OrdersRoute() {
  const { user, isLoading } = useRequireUser(accountMessages.pleaseLogin);
  const orders = useUserOrders();
  // A failed fetch is only logged (in the fetcher); the list then stays empty (SPEC.md §8).
  const list = orders.data ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageMeta title={orderMessages.yourOrders} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">{orderMessages.yourOrders}</h1>
      {isLoading || (user && orders.isPending) ? (
        <Spinner label="Loading your orders" />
      ) : !user ? null : list.length === 0 ? (
        <p className="py-10 text-center text-slate-700">{orderMessages.noOrders}</p>
      ) : (
        <ul className="space-y-4">
          {list.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
