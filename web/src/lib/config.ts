import type { PublicConfig } from '@shared/catalogue.schemas';

/**
 * Public runtime configuration. The server writes it into index.html as
 * <script type="application/json" id="shop-config">; these defaults only apply
 * when the page was served without it (for example by a bare static server).
 */
export const DEFAULT_CONFIG: PublicConfig = {
  shopName: 'Robokits India',
  homeSiteUrl: 'https://robokits.example',
  links: {
    about: 'https://robokits.example/about-us/',
    privacy: 'https://robokits.example/privacy-policy/',
    contact: 'https://robokits.example/contact-us/',
    feePayments: 'https://robokits.example/fee-payments/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
    linkedin: 'https://www.linkedin.com/',
    facebook: 'https://www.facebook.com/',
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** Merges whatever the server sent over the defaults, field by field, ignoring anything malformed. */
export function parseConfig(raw: string | null | undefined): PublicConfig {
  if (!raw) return DEFAULT_CONFIG;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_CONFIG;
  }
  if (!isRecord(data)) return DEFAULT_CONFIG;
  const links = isRecord(data.links) ? data.links : {};
  const d = DEFAULT_CONFIG.links;
  return {
    shopName: text(data.shopName, DEFAULT_CONFIG.shopName),
    homeSiteUrl: text(data.homeSiteUrl, DEFAULT_CONFIG.homeSiteUrl).replace(/\/+$/, ''),
    links: {
      about: text(links.about, d.about),
      privacy: text(links.privacy, d.privacy),
      contact: text(links.contact, d.contact),
      feePayments: text(links.feePayments, d.feePayments),
      instagram: text(links.instagram, d.instagram),
      youtube: text(links.youtube, d.youtube),
      linkedin: text(links.linkedin, d.linkedin),
      facebook: text(links.facebook, d.facebook),
    },
  };
}

function readConfig(): PublicConfig {
  if (typeof document === 'undefined') return DEFAULT_CONFIG;
  return parseConfig(document.getElementById('shop-config')?.textContent);
}

export const config: PublicConfig = readConfig();

/** An absolute URL on the shop's home site, e.g. homeSiteLink('/insights-to-robotics/'). */
export function homeSiteLink(path: string, base: string = config.homeSiteUrl): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
