import type { Kysely } from 'kysely';
import { timestampColumn, withId } from '../dialect';
import { dropTables, required } from '../columns';

/**
 * "Student of the month" (the original's GET/POST api/studofmonth): the newest
 * entry is shown; older ones are kept. The photo is a stored image file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('students_of_month'))
    .$call(required('text', ['name', 'school', 'details', 'video_id', 'image_path']))
    .$call(required('integer', ['image_width', 'image_height']))
    .addColumn('created_at', 'text', timestampColumn)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['students_of_month']);
}
