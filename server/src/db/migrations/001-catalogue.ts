import { sql, type Kysely } from 'kysely';
import { isPostgres, timestampColumn, withId } from '../dialect';
import { dropTables, required, uniqueByKey } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('categories')).$call(uniqueByKey('type')).addColumn('created_at', 'text', timestampColumn).execute();

  await withId(db, db.schema.createTable('products'))
    .$call(required('text', ['title', 'description']))
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('created_at', 'text', timestampColumn)
    .addColumn('updated_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'id']).execute();

  await withId(db, db.schema.createTable('product_images'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .$call(required('integer', ['position', 'width', 'height']))
    .execute();
  await db.schema.createIndex('product_images_product_idx').on('product_images').columns(['product_id', 'position']).execute();

  await withId(db, db.schema.createTable('advert_images'))
    .addColumn('path', 'text', (c) => c.notNull())
    .$call(required('integer', ['position', 'width', 'height']))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();

  await db.schema
    .createTable('search_postings')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_postings_pk', ['term', 'product_id'])
    .execute();
  await db.schema.createIndex('search_postings_product_idx').on('search_postings').column('product_id').execute();

  await db.schema
    .createTable('search_vocab')
    // Prefix lookups compare bytes; PostgreSQL needs the "C" collation for that (SQLite's default is binary).
    .addColumn('term', 'text', (c) => (isPostgres(db) ? c.modifyFront(sql`COLLATE "C"`).primaryKey() : c.primaryKey()))
    .execute();

  await db.schema
    .createTable('search_deletes')
    .$call(required('text', ['variant', 'term']))
    .addPrimaryKeyConstraint('search_deletes_pk', ['variant', 'term'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['search_deletes', 'search_vocab', 'search_postings', 'advert_images', 'product_images', 'products', 'categories']);
}
