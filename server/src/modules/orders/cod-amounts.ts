import { rupeesToPaise } from '@shared/money';

/**
 * The amounts of a cash-on-delivery order (issue 30 item 5, decision 044): the cash to collect and
 * whether what the admin records is it. The cash is revenue once recorded, not before.
 */

type CodOrder = { payment_method: string; cod_collected_at: string | null; status: string; total_paise: number };

/** The cash still to collect of a COD order (its whole total), or null: paid online, collected already, or canceled. */
export function toCollectPaise(order: CodOrder): number | null {
  return order.payment_method === 'cod' && order.cod_collected_at === null && order.status !== 'canceled' ? order.total_paise : null;
}

/** Whether the rupees the admin records are exactly the order's total (a difference is refunded afterwards, never recorded). */
export function isExactCollection(amountRupees: number, order: { total_paise: number }): boolean {
  return rupeesToPaise(amountRupees) === order.total_paise;
}
