import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { createCounterRow } from '../columns';

/**
 * What lets every app server patch its product facts (the search filters' price, stock and
 * category, decision 053) instead of reloading all of them after each sale. Triggers record, in
 * the transaction that makes the change, the product whose facts it may change: a product's price,
 * stock or category, a variant of it, a kit's parts (the kit), a product added or deleted; a
 * category added, renamed or deleted records 0 (everything). Rows start without a stamp; a server
 * that needs its facts takes the next number of `product_fact_state` (a row lock, so stamps become
 * visible in order) and stamps every row still without one. A server holding the facts up to stamp
 * n then reads the products of the rows stamped after n. `pruned_to`: stamps up to it are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createCounterRow(db, 'product_fact_state', { stamp: 0, pruned_to: 0 });
  await db.schema
    .createTable('product_fact_changes')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('stamp', 'bigint')
    .execute();
  await db.schema.createIndex('product_fact_changes_stamp').on('product_fact_changes').columns(['stamp']).execute();

  // table, events, the product ids recorded per row (NEW/OLD as the event allows)
  const triggers: [string, string, string, string[]][] = [
    ['products', 'add', 'INSERT', ['NEW.id']],
    ['products', 'edit', 'UPDATE OF price_paise, stock, category_id', ['NEW.id']],
    ['products', 'drop', 'DELETE', ['OLD.id']],
    ['product_variants', 'add', 'INSERT', ['NEW.product_id']],
    ['product_variants', 'edit', 'UPDATE', ['OLD.product_id', 'NEW.product_id']],
    ['product_variants', 'drop', 'DELETE', ['OLD.product_id']],
    ['kit_parts', 'add', 'INSERT', ['NEW.kit_id']],
    ['kit_parts', 'edit', 'UPDATE', ['OLD.kit_id', 'NEW.kit_id']],
    ['kit_parts', 'drop', 'DELETE', ['OLD.kit_id']],
    ['categories', 'add', 'INSERT', ['0']],
    ['categories', 'edit', 'UPDATE', ['0']],
    ['categories', 'drop', 'DELETE', ['0']],
  ];
  for (const [table, name, event, ids] of triggers) {
    const trigger = `product_facts_${table}_${name}`;
    const values = ids.map((id) => `(${id})`).join(', ');
    if (isPostgres(db)) {
      const returned = event === 'DELETE' ? 'OLD' : 'NEW';
      await sql
        .raw(
          `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
            `INSERT INTO product_fact_changes (product_id) VALUES ${values}; RETURN ${returned}; END $$`,
        )
        .execute(db);
      await sql.raw(`CREATE TRIGGER ${trigger} AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`).execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${trigger} AFTER ${event} ON ${table} BEGIN INSERT INTO product_fact_changes (product_id) VALUES ${values}; END`)
        .execute(db);
    }
  }
}

export async function down(): Promise<void> {
  throw new Error('167-product-fact-changes cannot be reverted');
}
