import { z } from 'zod';
import type { App } from '../../app-types';
import { publicRoute } from '../../plugins/public-route';
import { AdvertImage } from '@shared/catalogue.schemas';
import * as adverts from './adverts.service';

export async function advertRoutes(app: App) {
  app.get('/api/advertimages', publicRoute('adverts', { summary: 'Advertisement images', response: { 200: z.array(AdvertImage) } }), async () =>
    adverts.listAdverts(app.db),
  );
}
