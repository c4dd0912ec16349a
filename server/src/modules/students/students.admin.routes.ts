import { z } from 'zod';
import type { App } from '../../app-types';
import { ErrorBody } from '@shared/catalogue.schemas';
import { studentMessages, StudentOfMonthInput } from '@shared/students.schemas';
import { badRequest, parseOrBadRequest } from '../../errors';
import { readMultipart } from '../../plugins/multipart';
import { adminRoute } from '../admin/admin.guards';
import * as students from './students.service';

/** The admin adds a "student of the month" (multipart: name, school, details, videoId, image). */
export async function studentAdminRoutes(app: App) {
  app.post(
    '/api/studofmonth',
    {
      ...adminRoute,
      schema: {
        tags: ['admin'],
        summary: 'Add a "student of the month" (multipart: name, school, details, videoId as a YouTube link, image); the newest is shown',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ message: z.string() }), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (req, reply) => {
      const form = await readMultipart(req, { maxFiles: 1, tooManyFiles: 'Send one photo.' });
      const input = parseOrBadRequest(StudentOfMonthInput, form.fields);
      const photo = form.files[0];
      if (!photo) throw badRequest(studentMessages.imageRequired, 'no_files', { image: studentMessages.imageRequired });
      await students.addStudent(app.db, app.storage, input, photo.data);
      return reply.code(201).send({ message: studentMessages.added });
    },
  );
}
