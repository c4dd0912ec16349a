import { z } from 'zod';
import { Instant } from './fields.schemas';

/** A YouTube video id: 11 letters, digits, - or _. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id from what the admin gives: a watch URL (…?v=ID, as the original
 * took it), a youtu.be, /embed/ or /shorts/ link, or the id itself; null when none is found.
 */
export function youtubeVideoId(text: string): string | null {
  const value = text.trim();
  if (VIDEO_ID.test(value)) return value;
  const match = /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(value);
  return match ? match[1]! : null;
}

/**
 * "Student of the month" as the admin enters it (the original's POST
 * api/studofmonth: name, school, details, videoId, and an image file).
 */
export const StudentOfMonthInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(255, 'Name must be at most 255 characters'),
  school: z.string({ error: 'School is required' }).trim().min(1, 'School is required').max(255, 'School must be at most 255 characters'),
  details: z
    .string({ error: 'Project details are required' })
    .trim()
    .min(1, 'Project details are required')
    .max(10_000, 'Project details must be at most 10,000 characters'),
  videoId: z
    .string({ error: 'Enter the YouTube link of the project' })
    .max(500, 'Enter the YouTube link of the project')
    .transform((v, ctx) => {
      const id = youtubeVideoId(v);
      if (id === null) ctx.addIssue({ code: 'custom', message: 'Enter the YouTube link of the project' });
      return id ?? '';
    }),
});
export type StudentOfMonthInput = z.infer<typeof StudentOfMonthInput>;

/** GET api/studofmonth: the newest entry, with the original's field names (image is the photo's address). */
export const StudentOfMonth = z.object({
  name: z.string(),
  school: z.string(),
  details: z.string(),
  image: z.string(),
  videoId: z.string(),
  createdAt: Instant,
});
export type StudentOfMonth = z.infer<typeof StudentOfMonth>;

export const studentMessages = {
  none: 'No student of the month found',
  added: 'Student of the month added successfully',
  imageRequired: 'Add a photo of the student',
} as const;
