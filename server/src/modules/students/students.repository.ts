import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { StudentOfMonthTable } from '../../db/schema';

export async function latest(db: Db) {
  return db.selectFrom('students_of_month').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insert(db: Db, row: Insertable<StudentOfMonthTable>): Promise<number> {
  return (await db.insertInto('students_of_month').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
