import { Link } from 'react-router';
import type { KitPart } from '@shared/catalogue.schemas';

/** A kit's "What's in the box": each part, how many, linked to its page (decision 045). */
export function KitContents({ parts }: { parts: readonly KitPart[] }) {
  return (
    <section aria-labelledby="kit-contents-heading">
      <h2 id="kit-contents-heading" className="text-lg font-semibold text-slate-900">
        What&apos;s in the box
      </h2>
      <ul className="mt-2 list-disc pl-5 text-slate-700">
        {parts.map((p) => (
          <li key={`${p.productId}:${p.variantId ?? 0}`}>
            {p.quantity} ×{' '}
            <Link to={`/product/${p.productId}`} className="text-brand-700 underline hover:text-brand-800">
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A part's "Used in these kits": the kits it goes in, linked. */
export function UsedInKits({ kits }: { kits: readonly { id: number; title: string }[] }) {
  return (
    <section aria-labelledby="used-in-heading">
      <h2 id="used-in-heading" className="text-lg font-semibold text-slate-900">
        Used in these kits
      </h2>
      <ul className="mt-2 list-disc pl-5 text-slate-700">
        {kits.map((k) => (
          <li key={k.id}>
            <Link to={`/product/${k.id}`} className="text-brand-700 underline hover:text-brand-800">
              {k.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
