import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { stateCode } from '@shared/gst';
import type { ShopSettingsInput, ShopSettingsView } from '@shared/shop-settings.schemas';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../storage/storage';
import { storeImage } from '../images/image.service';
import { readSetting, writeSetting } from './settings.repository';

/** Settings the owner changes; only these names are ever read or written here (app_settings also holds secrets). */
/** The shop's details as saved in the dashboard: one JSON row, so that a save is all or nothing (decision 049). */
const SHOP = 'shop';

/** The shop's settings as stored: what the owner saved, and the logo's path. */
type StoredShop = Partial<ShopSettingsInput> & { logo?: string | null };

async function storedShop(db: Db): Promise<StoredShop> {
  const raw = await readSetting(db, SHOP);
  if (!raw) return {};
  try {
    return JSON.parse(raw) as StoredShop;
  } catch {
    return {};
  }
}

/** The environment's values (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_STATE, SHOP_GSTIN, INVOICE_PREFIX, SHOP_PHONE, SHOP_EMAIL, RETURN_WINDOW_DAYS): the defaults. */
function defaults(config: Config): ShopSettingsInput {
  return {
    legalName: config.invoice.legalName,
    address: config.invoice.address,
    state: config.invoice.state,
    gstin: config.invoice.gstin ?? '',
    invoicePrefix: config.invoice.prefix,
    contactPhone: config.shopDefaults.contactPhone,
    contactEmail: config.shopDefaults.contactEmail,
    returnWindowDays: config.shopDefaults.returnWindowDays,
  };
}

/** GET /api/admin/settings: the settings in force (saved ones over the environment's defaults). */
export async function shopSettings(db: Db, config: Config): Promise<ShopSettingsView> {
  const stored = await storedShop(db);
  const { logo = null, ...saved } = stored;
  return { ...defaults(config), ...saved, logo, saved: Object.keys(saved).length > 0 };
}

/** PUT /api/admin/settings: the whole set replaces the saved one (the logo stays). New documents carry it; issued ones keep theirs. */
export async function saveShopSettings(db: Db, config: Config, input: ShopSettingsInput): Promise<ShopSettingsView> {
  const { logo = null } = await storedShop(db);
  await writeSetting(db, SHOP, JSON.stringify({ ...input, logo }));
  return shopSettings(db, config);
}

/** Sets (a stored image's path) or removes (null) the logo. The old image stays stored: documents issued with it still show it. */
async function setLogo(db: Db, logo: string | null): Promise<void> {
  const stored = await storedShop(db);
  await writeSetting(db, SHOP, JSON.stringify({ ...stored, logo }));
}

/**
 * POST /api/admin/settings/logo: the picture as a PNG of at most 600 × 300 pixels (PDFs take PNG
 * and JPEG; a logo needs no more), stored like any image; new documents show it.
 */
export async function uploadLogo(db: Db, storage: FileStorage, config: Config, input: Buffer): Promise<ShopSettingsView> {
  const { default: sharp } = await import('sharp');
  let png: Buffer;
  try {
    png = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 600, height: 300, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('The file is not an image we can read (use PNG, JPEG or WebP).', 'invalid_image', { logo: 'Use a PNG, JPEG or WebP image' });
  }
  const image = await storeImage(storage, 'branding', png);
  await setLogo(db, image.path);
  return shopSettings(db, config);
}

/** DELETE /api/admin/settings/logo: new documents are made without a logo. */
export async function removeLogo(db: Db, config: Config): Promise<ShopSettingsView> {
  await setLogo(db, null);
  return shopSettings(db, config);
}

/** The seller as documents show it, taken when a document is issued (decision 049). `gstin` null: not registered under GST. */
export interface SellerDetails {
  legalName: string;
  address: string;
  state: string;
  stateCode: string | null;
  gstin: string | null;
  phone: string;
  email: string;
  /** server-relative path of the logo image (/uploads/branding/….png), or null */
  logo: string | null;
}

/**
 * The seller's details in force now, for a document issued now and for the GST reports: saved in
 * the dashboard, else the environment's. A GSTIN makes the shop a registered supplier that issues
 * tax invoices; without one it charges and shows no GST.
 */
export async function sellerDetails(db: Db, config: Config): Promise<SellerDetails> {
  return sellerOf(await shopSettings(db, config));
}

function sellerOf(s: ShopSettingsView): SellerDetails {
  return {
    legalName: s.legalName,
    address: s.address,
    state: s.state,
    stateCode: stateCode(s.state),
    gstin: s.gstin === '' ? null : s.gstin,
    phone: s.contactPhone,
    email: s.contactEmail,
    logo: s.logo,
  };
}

/** The seller and the number prefix of a document issued now, from one read of the settings. */
export async function issuerDetails(db: Db, config: Config): Promise<{ seller: SellerDetails; prefix: string }> {
  const s = await shopSettings(db, config);
  return { seller: sellerOf(s), prefix: s.invoicePrefix };
}

/** How many days after delivery a shopper may ask for a return (0: no returns); the owner sets it, RETURN_WINDOW_DAYS is the default. */
export async function returnWindowDays(db: Db, config: Config): Promise<number> {
  return (await shopSettings(db, config)).returnWindowDays;
}
