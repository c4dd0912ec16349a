import { useParams } from 'react-router';
import { PolicySlug } from '@shared/policies.schemas';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { usePolicy } from '@/features/policies/api/get-policy';
import { NotFoundRoute } from './not-found';

// The page's HTML comes from the server's Markdown renderer, which escapes every character of the
// owner's text and makes only these tags (shared/src/markdown.ts): styled here.
const prose =
  'mt-6 max-w-3xl text-slate-800 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_.policy-owner]:text-sm [&_.policy-owner]:text-slate-600';

/** /policies/{terms,privacy,refunds,shipping,contact}: drawn on the server with its text, like the catalogue pages. */
export function PolicyRoute() {
  const { slug = '' } = useParams();
  const known = PolicySlug.safeParse(slug).success;
  const policy = usePolicy(slug, known);
  if (!known) return <NotFoundRoute />;
  if (policy.isPending) return <Spinner label="Loading the page" />;
  if (policy.isError) {
    return (
      <p role="alert" className="py-12 text-center text-slate-700">
        This page could not be loaded. Please try again.
      </p>
    );
  }
  const page = policy.data;
  return (
    <article className="mx-auto max-w-3xl py-8" aria-labelledby="policy-title">
      <PageMeta title={page.title} description={page.description} />
      <h1 id="policy-title" className="text-3xl font-bold text-slate-900">
        {page.title}
      </h1>
      <div className={prose} dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
