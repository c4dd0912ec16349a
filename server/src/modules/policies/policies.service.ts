import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { escapeHtml, markdownToHtml } from '@shared/markdown';
import type { AdminPolicy, PolicyPage, PolicySlug } from '@shared/policies.schemas';
import { POLICY_SLUGS, POLICY_TITLES } from '@shared/policy-pages';
import { shopSettings } from '../settings/settings.service';
import { defaultPolicy, type PolicyFacts } from './policy-texts';
import * as repo from './policies.repository';

async function factsOf(db: Db, config: Config): Promise<PolicyFacts> {
  const s = await shopSettings(db, config);
  return {
    shopName: config.public.shopName,
    legalName: s.legalName,
    address: s.address,
    state: s.state,
    phone: s.contactPhone,
    email: s.contactEmail,
    returnWindowDays: s.returnWindowDays,
    registered: s.gstin !== '',
    siteUrl: config.publicUrl,
  };
}

/** A page's first words, for its description meta tag. */
function describe(markdown: string): string {
  const text = markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}...` : text;
}

/**
 * GET /api/policies/{slug} and the page /policies/{slug}: the owner's text, else the default made
 * from the shop settings, as HTML from the sanitising Markdown renderer. The title names the legal
 * entity, so that a payment gateway's check finds whose policy it is.
 */
export async function policyPage(db: Db, config: Config, slug: PolicySlug): Promise<PolicyPage> {
  const [saved, facts] = await Promise.all([repo.policyOf(db, slug), factsOf(db, config)]);
  const markdown = saved?.markdown ?? defaultPolicy(slug, facts);
  const intro = slug === 'contact' ? '' : `<p class="policy-owner">${escapeHtml(facts.legalName)}</p>\n`;
  return { slug, title: POLICY_TITLES[slug], html: intro + markdownToHtml(markdown), description: describe(markdown) };
}

/** GET /api/admin/policies: every page's text in force, whether the owner wrote it, and its default. */
export async function adminPolicies(db: Db, config: Config): Promise<AdminPolicy[]> {
  const [saved, facts] = await Promise.all([repo.allPolicies(db), factsOf(db, config)]);
  return POLICY_SLUGS.map((slug) => {
    const own = saved.find((p) => p.slug === slug);
    const defaultMarkdown = defaultPolicy(slug, facts);
    return {
      slug,
      title: POLICY_TITLES[slug],
      markdown: own?.markdown ?? defaultMarkdown,
      custom: Boolean(own),
      defaultMarkdown,
      updatedAt: own?.updated_at ?? null,
    };
  });
}

/** PUT /api/admin/policies/{slug}: the owner's Markdown, or (empty) the default text again. The public cache is renewed by the admin write. */
export async function savePolicy(db: Db, config: Config, slug: PolicySlug, markdown: string): Promise<AdminPolicy> {
  if (markdown.trim() === '') await repo.deletePolicy(db, slug);
  else await repo.savePolicy(db, slug, markdown);
  return (await adminPolicies(db, config)).find((p) => p.slug === slug)!;
}
