import { withNumbers } from '../../db/rows';

/** An order's amounts in paise that another module reads with the order: its goods, shipping, COD fee and total. */
const ORDER_AMOUNTS = ['subtotal_paise', 'shipping_paise', 'total_paise', 'cod_fee_paise'] as const;

/**
 * An orders row with its amounts read as numbers (PostgreSQL answers BIGINT as text), for the modules
 * that read an order's money beside their own rows (refunds, returns).
 */
export const withOrderAmounts = <T extends Record<(typeof ORDER_AMOUNTS)[number], unknown>>(row: T) => withNumbers(row, ORDER_AMOUNTS);
