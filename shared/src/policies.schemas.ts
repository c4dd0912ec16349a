import { z } from 'zod';
import { Instant } from './fields.schemas';
import { formatCount } from './money';
import { POLICY_SLUGS } from './policy-pages';

export const PolicySlug = z.enum(POLICY_SLUGS, { message: `A policy page is one of ${POLICY_SLUGS.join(', ')}` });
export type PolicySlug = z.infer<typeof PolicySlug>;

const MAX_POLICY_CHARS = 50_000;

/** GET /api/policies/{slug}: the page as drawn (HTML made from sanitised Markdown on the server). */
export const PolicyPage = z.object({ slug: PolicySlug, title: z.string(), html: z.string(), description: z.string() });
export type PolicyPage = z.infer<typeof PolicyPage>;

/** PUT /api/admin/policies/{slug}: the owner's Markdown; empty puts the default text (made from the shop settings) back. */
export const PolicyInput = z.object({
  markdown: z
    .string({ error: 'Enter the text of the page (Markdown)' })
    .max(MAX_POLICY_CHARS, `A policy page has at most ${formatCount(MAX_POLICY_CHARS)} characters`),
});
export type PolicyInput = z.infer<typeof PolicyInput>;

/** GET /api/admin/policies: each page's text in force, whether the owner wrote it, and the default. */
export const AdminPolicy = z.object({
  slug: PolicySlug,
  title: z.string(),
  markdown: z.string(),
  custom: z.boolean(),
  defaultMarkdown: z.string(),
  updatedAt: Instant.nullable(),
});
export type AdminPolicy = z.infer<typeof AdminPolicy>;
