import type { App } from '../../app-types';
import { publicRoute } from '../../plugins/public-route';
import { ErrorBody } from '@shared/catalogue.schemas';
import { StudentOfMonth } from '@shared/students.schemas';
import * as students from './students.service';

/** The original backend's "student of the month", read by the company's site. */
export async function studentRoutes(app: App) {
  app.get(
    '/api/studofmonth',
    publicRoute('catalogue', { summary: 'The newest "student of the month" (404 when there is none)', response: { 200: StudentOfMonth, 404: ErrorBody } }),
    async () => students.currentStudent(app.db),
  );
}
