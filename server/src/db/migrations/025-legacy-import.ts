import type { Kysely } from 'kysely';
import { timestampColumn } from '../dialect';
import { dropTables, required } from '../columns';

/**
 * What `npm run import:legacy` brought across from the original shop's MySQL
 * database: for each source row (kind + its id there) the row it became here and
 * a checksum of the source, so that a second run changes nothing and a changed
 * source row is updated rather than duplicated. Old image URLs
 * (/api/images/{id}, /api/advertimages/{id}) are answered from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('legacy_imports')
    .$call(required('text', ['kind', 'legacy_id']))
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', timestampColumn)
    .addPrimaryKeyConstraint('legacy_imports_pk', ['kind', 'legacy_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['legacy_imports']);
}
