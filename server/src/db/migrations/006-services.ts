import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';

/** Free kit claims by schools, and 3D printing requests with their files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('free_claims'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('product_title', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('school', 'text', (c) => c.notNull())
    .addColumn('classna', 'text', (c) => c.notNull())
    .addColumn('division', 'text', (c) => c.notNull())
    .addColumn('roll_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', timestampColumn)
    .addUniqueConstraint('free_claims_once', ['product_id', 'email_key'])
    .execute();
  await db.schema.createIndex('free_claims_status_idx').on('free_claims').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('print_requests'))
    .addColumn('con_name', 'text', (c) => c.notNull())
    .addColumn('ph_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_2d_to_3d', 'integer', (c) => c.notNull())
    .addColumn('length_cm', 'real')
    .addColumn('width_cm', 'real')
    .addColumn('height_cm', 'real')
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('print_requests_status_idx').on('print_requests').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('print_request_files'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('print_requests.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('is_stl', 'integer', (c) => c.notNull())
    .addColumn('size_x_mm', 'real')
    .addColumn('size_y_mm', 'real')
    .addColumn('size_z_mm', 'real')
    .addColumn('volume_mm3', 'real')
    .execute();
  await db.schema.createIndex('print_request_files_request_idx').on('print_request_files').column('request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_request_files').execute();
  await db.schema.dropTable('print_requests').execute();
  await db.schema.dropTable('free_claims').execute();
}
