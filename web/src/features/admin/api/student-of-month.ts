import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentOfMonth } from '@shared/students.schemas';
import { apiGet, isNotFound } from '@/lib/api-client';
import { adminSendForm } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const studentKey = ['admin', 'student-of-month'] as const;

/** GET /api/studofmonth (public); null while there is none (the server answers 404, as the original did). */
async function getStudentOfMonth(signal?: AbortSignal): Promise<StudentOfMonth | null> {
  try {
    return await apiGet<StudentOfMonth>('/api/studofmonth', signal);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function useStudentOfMonth() {
  return useQuery(queryOptions({ queryKey: studentKey, queryFn: ({ signal }) => getStudentOfMonth(signal), staleTime: 0 }));
}

export interface StudentUpload {
  name: string;
  school: string;
  details: string;
  /** the YouTube link, as the admin typed it */
  videoId: string;
  image: File;
}

/** POST /api/studofmonth: multipart name, school, details, videoId and image. */
function addStudentOfMonth(upload: StudentUpload): Promise<{ message: string }> {
  const form = new FormData();
  for (const key of ['name', 'school', 'details', 'videoId'] as const) form.append(key, upload[key]);
  form.append('image', upload.image);
  return adminSendForm('POST', '/api/studofmonth', form);
}

export const useAddStudentOfMonth = () => useInvalidatingMutation(addStudentOfMonth, [studentKey]);
