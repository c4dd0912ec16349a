import { z } from 'zod';
import { EmailAddress, Instant } from './fields.schemas';
import { MAX_ID } from './catalogue.schemas';
import { MAX_PRINT_CM } from './stl';
import { normalizePhone } from './account.schemas';
import { pageOf } from './paging';

/** Free kit claim (SPEC.md §3): all seven fields required. */
export const FreeClaimInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z.email('Enter a valid email address').max(254),
  mobile: z
    .string({ error: 'Mobile is required' })
    .trim()
    .refine((v) => normalizePhone(v) !== null, 'Mobile must be a 10-digit phone number'),
  school: z.string({ error: 'School is required' }).trim().min(1, 'School is required').max(200, 'School must be at most 200 characters'),
  classna: z.string({ error: 'Class is required' }).trim().min(1, 'Class is required').max(20, 'Class must be at most 20 characters'),
  division: z.string({ error: 'Division is required' }).trim().min(1, 'Division is required').max(20, 'Division must be at most 20 characters'),
  rollNo: z
    .union([z.string(), z.number()], { error: 'Roll number is required' })
    .transform(String)
    .pipe(z.string().trim().min(1, 'Roll number is required').max(20, 'Roll number must be at most 20 characters')),
  productId: z.coerce.number({ error: 'productId must be a product id' }).int().min(1).max(MAX_ID),
});
export type FreeClaimInput = z.infer<typeof FreeClaimInput>;

export const PRINT_BASE_PRICE = 200;
export const PRINT_EXTRA_PER_NON_STL = 150;
export const MAX_PRINT_FILES = 10;
export const MAX_PRINT_FILE_BYTES = 25 * 1024 * 1024;

/** SPEC.md §9: base 200, plus 150 for each file whose extension is not stl (rupees). */
export function printPrice(fileNames: string[]): number {
  return PRINT_BASE_PRICE + PRINT_EXTRA_PER_NON_STL * fileNames.filter((n) => !/\.stl$/i.test(n)).length;
}

/** Length, width and height: 1 to 22 cm; larger values are clamped to 22 (SPEC.md §5). */
const Dimension = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label} must be a number of centimetres` })
      .refine((n) => Number.isFinite(n), `${label} must be a number of centimetres`)
      .refine((n) => n >= 1, `${label} must be at least 1 cm`)
      .transform((n) => Math.min(n, MAX_PRINT_CM))
      .optional(),
  );

/** The text fields of a 3D printing request (SPEC.md §3); files come alongside. */
export const PrintRequestFields = z.object({
  con_name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  phNo: z
    .string({ error: 'Phone is required' })
    .trim()
    .refine((v) => normalizePhone(v) !== null, 'Phone must be a 10-digit phone number'),
  email: z.preprocess((v) => (v === '' ? undefined : v), z.email('Enter a valid email address').optional()),
  reason: z
    .string()
    .trim()
    .max(100)
    .default('3D Printing')
    .transform((v) => v || '3D Printing'),
  /** a demo booking names the order it is for */
  invoice: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100, 'Invoice must be at most 100 characters').optional()),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message must be at most 5,000 characters'),
  is2DTo3D: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).default(false),
  length: Dimension('Length'),
  width: Dimension('Width'),
  height: Dimension('Height'),
});
export type PrintRequestFields = z.infer<typeof PrintRequestFields>;

/**
 * The other forms of the company's site post to api/mailforwarder with these reasons
 * (the original backend's), each with the title of its mail; files are optional.
 */
export const CONTACT_REASONS = {
  'enroll-school': 'School enrollment request',
  'Demo Request': 'Demo booking request',
  'refund-service': 'Refund or service request',
  others: 'Other request',
} as const;
export type ContactReason = keyof typeof CONTACT_REASONS;
export const isContactReason = (reason: string): reason is ContactReason => Object.hasOwn(CONTACT_REASONS, reason);

/** The admin lists of claims and 3D printing requests: a status filter and a page. */
export const ServiceListQuery = z.object({
  status: z.enum(['all', 'new', 'handled']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
/** Free claims and 3D printing requests are either new or handled by the shop. */
export const ServiceStatus = z.enum(['new', 'handled']);
export type ServiceStatus = z.infer<typeof ServiceStatus>;
/** An admin marks a claim or a 3D printing request new or handled. */
export const ServiceStatusBody = z.object({ status: ServiceStatus });
/** 'all' lists every status. */
export const serviceStatusFilter = (status: 'all' | 'new' | 'handled') => (status === 'all' ? null : status);

/** One free kit claim in the admin's list. */
export const AdminClaim = z.object({
  id: z.number(),
  productId: z.number(),
  productTitle: z.string(),
  name: z.string(),
  email: EmailAddress,
  mobile: z.string(),
  school: z.string(),
  classna: z.string(),
  division: z.string(),
  rollNo: z.string(),
  status: ServiceStatus,
  createdAt: Instant,
});
export type AdminClaim = z.infer<typeof AdminClaim>;
/** GET /api/admin/claims: one page of the free kit claims, newest first. */
export const AdminClaimPage = pageOf('claims', AdminClaim);
export type AdminClaimPage = z.infer<typeof AdminClaimPage>;

/** Length, width and height asked for, in centimetres (each may be left out). */
export const DimensionsCm = z.object({ length: z.number().nullable(), width: z.number().nullable(), height: z.number().nullable() });
export type DimensionsCm = z.infer<typeof DimensionsCm>;

/** A file of a 3D printing request; an STL file's size and volume as read from it (null for other files). */
export const PrintRequestFile = z.object({ id: z.number(), filename: z.string(), sizeBytes: z.number(), isStl: z.boolean() }).extend({
  sizeMm: z.object({ x: z.number(), y: z.number(), z: z.number() }).nullable(),
  volumeMm3: z.number().nullable(),
});
export type PrintRequestFile = z.infer<typeof PrintRequestFile>;

/** One 3D printing request in the admin's list, with its files. */
export const AdminPrintRequest = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: EmailAddress.nullable(),
  reason: z.string(),
  /** a demo booking's order ID or invoice number */
  invoice: z.string().nullable(),
  message: z.string(),
  is2DTo3D: z.boolean(),
  dimensionsCm: DimensionsCm,
  /** rupees */
  price: z.number(),
  status: ServiceStatus,
  createdAt: Instant,
  files: z.array(PrintRequestFile),
});
export type AdminPrintRequest = z.infer<typeof AdminPrintRequest>;
/** GET /api/admin/print-requests: one page of the 3D printing requests with their files, newest first. */
export const AdminPrintRequestPage = pageOf('requests', AdminPrintRequest);
export type AdminPrintRequestPage = z.infer<typeof AdminPrintRequestPage>;
