import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database';
import type { Database, OrderTable } from '../../src/db/schema';

/**
 * Rows written straight into the tables, for the tests that need more of them than the routes could
 * make in time (the admin lists at 10,000 rows).
 */

/** `count` rows made by `row(i)`, a thousand per statement (PostgreSQL takes at most 65,535 parameters in one). */
export async function insertMany<T extends keyof Database & string>(db: Db, table: T, count: number, row: (i: number) => Insertable<Database[T]>) {
  for (let start = 0; start < count; start += 1000) {
    const values = Array.from({ length: Math.min(1000, count - start) }, (_, k) => row(start + k));
    await db
      .insertInto(table)
      .values(values as never)
      .execute();
  }
}

/** A paid order of ₹10 with the simulated provider, placed and paid at `at`; `fields` say what else differs. */
export function orderRow(at: string, fields: Pick<Insertable<OrderTable>, 'order_code' | 'email'> & Partial<Insertable<OrderTable>>): Insertable<OrderTable> {
  return {
    user_id: 'u1',
    status: 'placed',
    subtotal_paise: 1000,
    discount_paise: 0,
    total_paise: 1000,
    name: 'N',
    address: 'A',
    phone: '9999999999',
    provider: 'simulated',
    paid_at: at,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
