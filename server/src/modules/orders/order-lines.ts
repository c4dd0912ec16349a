import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { withNumbers } from '../../db/rows';
import type { OrderLineTable } from '../../db/schema';

type OrderLine = Selectable<OrderLineTable>;

/** A line's unit price and its counts of units: never null, numbers to the services. */
const LINE_NUMBERS = ['unit_price_paise', 'quantity', 'restocked_quantity', 'return_held_quantity'] as const;

/**
 * The `columns` of one order's lines in the order they were bought (by id), for the modules that
 * read an order's lines beside their own rows (invoices, refunds, returns, stock); each reads the
 * columns its rule needs. The price and the counts among them are read as numbers (PostgreSQL may
 * answer BIGINT as text).
 */
export async function linesOfOrder<C extends keyof OrderLine & string>(db: Db, orderId: number, columns: readonly C[]): Promise<Pick<OrderLine, C>[]> {
  const rows: Record<string, unknown>[] = await db.selectFrom('order_lines').select(columns).where('order_id', '=', orderId).orderBy('id').execute();
  const numbers = LINE_NUMBERS.filter((name) => (columns as readonly string[]).includes(name));
  // Typed by `columns` at the call: the statement selects exactly them.
  return rows.map((row) => withNumbers(row, numbers)) as unknown as Pick<OrderLine, C>[];
}
