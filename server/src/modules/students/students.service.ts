import type { Db } from '../../db/database';
import { instantOf } from '../../db/rows';
import { studentMessages, type StudentOfMonth, type StudentOfMonthInput } from '@shared/students.schemas';
import { notFound } from '../../errors';
import type { FileStorage } from '../../storage/storage';
import { deleteImage, storeImage } from '../images/image.service';
import * as repo from './students.repository';

/** GET api/studofmonth: the newest "student of the month", or 404 as the original answered. */
export async function currentStudent(db: Db): Promise<StudentOfMonth> {
  const row = await repo.latest(db);
  if (!row) throw notFound(studentMessages.none, 'no_student_of_month');
  return { name: row.name, school: row.school, details: row.details, image: row.image_path, videoId: row.video_id, createdAt: instantOf(row.created_at) };
}

/**
 * POST api/studofmonth (admin): a new entry with its photo, which becomes the one
 * shown; older entries are kept. The photo is checked and stored like a
 * catalogue image (removed again if the entry cannot be written).
 */
export async function addStudent(db: Db, storage: FileStorage, input: StudentOfMonthInput, photo: Buffer): Promise<void> {
  const image = await storeImage(storage, 'students', photo);
  try {
    await repo.insert(db, {
      name: input.name,
      school: input.school,
      details: input.details,
      video_id: input.videoId,
      image_path: image.path,
      image_width: image.width,
      image_height: image.height,
    });
  } catch (err) {
    await deleteImage(storage, image.path).catch(() => {});
    throw err;
  }
}
