import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OrderMoney, type RefundInput, type RefundView } from '@shared/refunds';
import { adminFetch, adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';
import { saveBlob } from '../lib/save-blob';

const moneyKey = (orderId: string) => ['admin', 'order-money', orderId] as const;

/** GET /api/admin/orders/{orderId}/money: payments (late ones flagged), refunds, what can still be refunded. */
function getOrderMoney(orderId: string, signal?: AbortSignal): Promise<OrderMoney> {
  return adminGet(`/api/admin/orders/${encodeURIComponent(orderId)}/money`, signal, OrderMoney);
}

export function useOrderMoney(orderId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...queryOptions({ queryKey: moneyKey(orderId), queryFn: ({ signal }) => getOrderMoney(orderId, signal), staleTime: 0 }),
    // A pending refund turns processed when the provider says so: look again until none is pending.
    refetchInterval: (query) => (query.state.data?.refunds.some((r) => r.status === 'pending') ? 2000 : false),
  });
  // When a refund settles, the order list's refund totals change too.
  const settled = query.data?.refunds.filter((r) => r.status !== 'pending').length ?? 0;
  useEffect(() => {
    if (settled > 0) void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  }, [settled, queryClient]);
  return query;
}

/** The body as the browser sends it (RefundInput before its defaults). */
export type RefundRequest = z.input<typeof RefundInput>;

/** POST /api/admin/orders/{orderId}/refunds: the same idempotencyKey answers the same refund. */
export const useRefund = (orderId: string) =>
  useInvalidatingMutation(
    (body: RefundRequest) => adminSend<RefundView>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/refunds`, body),
    [moneyKey(orderId), ['admin', 'orders']],
    'settled',
  );

/** POST /api/admin/refunds/{refundId}/retry: tries a failed refund again. */
export const useRetryRefund = (orderId: string) =>
  useInvalidatingMutation((refundId: number) => adminSend<RefundView>('POST', `/api/admin/refunds/${refundId}/retry`, {}), [moneyKey(orderId)], 'settled');

/** GET /api/admin/orders/{orderId}/invoice.pdf, saved as a file (a link cannot carry the token). */
export async function downloadInvoice(orderId: string): Promise<void> {
  await downloadPdf(`/api/admin/orders/${encodeURIComponent(orderId)}/invoice.pdf`, `invoice-${orderId}.pdf`);
}

/** GET /api/admin/orders/{orderId}/credit-notes/{id}.pdf: a refund's GST credit note, saved as a file. */
export async function downloadCreditNote(orderId: string, note: { id: number; number: string }): Promise<void> {
  await downloadPdf(`/api/admin/orders/${encodeURIComponent(orderId)}/credit-notes/${note.id}.pdf`, `credit-note-${note.number.replace(/\//g, '-')}.pdf`);
}

/** GET /api/admin/orders/packing-slips.pdf?orders=…: one page an order, saved as one file. */
export async function downloadPackingSlips(orderIds: string[]): Promise<void> {
  const name = orderIds.length === 1 ? `packing-slip-${orderIds[0]}.pdf` : 'packing-slips.pdf';
  await downloadPdf(`/api/admin/orders/packing-slips.pdf?orders=${encodeURIComponent(orderIds.join(','))}`, name);
}

async function downloadPdf(url: string, filename: string): Promise<void> {
  const res = await adminFetch(url, { headers: { Accept: 'application/pdf' } });
  saveBlob(await res.blob(), filename);
}
