import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * On PostgreSQL an order inserted without its code gets `RK` and its id in at least six digits
 * (RK000123) from a trigger before the row is written, so that a checkout inserts its order and
 * reads the code back in one statement instead of an insert and an update (decision 088). The same
 * text as `orderCodeOf` (orders.repository.ts). SQLite keeps the update: a statement there is no
 * round trip. An order given its code (the legacy import) keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `CREATE FUNCTION orders_code_from_id() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `IF NEW.order_code IS NULL THEN NEW.order_code := 'RK' || lpad(NEW.id::text, greatest(6, length(NEW.id::text)), '0'); END IF; ` +
        `RETURN NEW; END $$`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER orders_code_from_id BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_code_from_id()`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('168-order-code-from-id cannot be reverted');
}
