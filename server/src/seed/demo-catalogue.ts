import demo from './demo-catalogue.json' with { type: 'json' };

/**
 * The demo catalogue seeded on an empty database, so that a new shop has
 * something to browse. The products and adverts are data (demo-catalogue.json);
 * prices are in paise.
 */
interface DemoProduct {
  title: string;
  description: string;
  pricePaise: number;
  images: number;
}

export interface DemoCategory {
  type: string;
  /** two gradient colours and an icon for the generated pictures */
  colors: [string, string];
  icon: 'robot' | 'arm' | 'blocks' | 'drone' | 'workshop' | 'chip';
  products: DemoProduct[];
}

interface DemoAdvert {
  headline: string;
  sub: string;
  colors: [string, string];
}

export const DEMO_CATALOGUE = demo.categories as DemoCategory[];
export const DEMO_ADVERTS = demo.adverts as DemoAdvert[];
