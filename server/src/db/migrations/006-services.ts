import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { dropTables, notNullDefault, optional, required } from '../columns';

/** Free kit claims by schools, and 3D printing requests with their files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('free_claims'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .$call(required('text', ['product_title', 'name', 'email', 'email_key', 'mobile', 'school', 'classna', 'division', 'roll_no']))
    .addColumn('status', 'text', notNullDefault('new'))
    .addColumn('created_at', 'text', timestampColumn)
    .addUniqueConstraint('free_claims_once', ['product_id', 'email_key'])
    .execute();
  await db.schema.createIndex('free_claims_status_idx').on('free_claims').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('print_requests'))
    .$call(required('text', ['con_name', 'ph_no']))
    .addColumn('email', 'text')
    .$call(required('text', ['reason', 'message']))
    .addColumn('is_2d_to_3d', 'integer', (c) => c.notNull())
    .$call(optional('real', ['length_cm', 'width_cm', 'height_cm']))
    .addColumn('price_paise', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', notNullDefault('new'))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
  await db.schema.createIndex('print_requests_status_idx').on('print_requests').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('print_request_files'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('print_requests.id').onDelete('cascade'))
    .$call(required('text', ['filename', 'storage_key']))
    .$call(required('integer', ['size_bytes', 'is_stl']))
    .$call(optional('real', ['size_x_mm', 'size_y_mm', 'size_z_mm', 'volume_mm3']))
    .execute();
  await db.schema.createIndex('print_request_files_request_idx').on('print_request_files').column('request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['print_request_files', 'print_requests', 'free_claims']);
}
