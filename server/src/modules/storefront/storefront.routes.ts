import type { App } from '../../app-types';
import { publicRoute } from '../../plugins/public-route';
import { HomePage, PublicConfig } from '@shared/catalogue.schemas';
import { getHomePage } from './storefront.service';

export async function storefrontRoutes(app: App) {
  app.get(
    '/api/storefront/home',
    publicRoute('storefront', {
      summary: 'Everything the home page shows, in one answer: adverts and the first products of each category',
      response: { 200: HomePage },
    }),
    async () => getHomePage(app.db),
  );

  app.get(
    '/api/config',
    publicRoute('storefront', { summary: 'Public configuration of the storefront', response: { 200: PublicConfig } }),
    async () => app.config.public,
  );
}
