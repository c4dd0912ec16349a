import { useState } from 'react';
import type { Product } from '@shared/catalogue.schemas';
import { KitPartsInput, variantLabel, type AdminKitParts } from '@shared/variants.schemas';
import { notify } from '@/lib/notify';
import { useAdminProducts } from '../api/get-admin-products';
import { useKitParts, useSaveKitParts } from '../api/product-variants';
import { useDebounced } from '../hooks/use-debounced';
import { reasonOf } from '../lib/admin-fetch';
import { controlClass, labelClass } from './field-styles';
import { SaveButton } from './form-controls';

type PartDraft = { productId: number; variantId: number | null; quantity: string; title: string; variants: Product['variants'] };

const small = `${controlClass} ad:py-1`;

/**
 * The product form's kit parts (decision 045): find a product, add it (choose its variant when it has
 * some), set how many go in one kit. Shows the kits the parts allow and the part that limits them.
 */
export function KitPartsEditor({ productId }: { productId: number }) {
  const current = useKitParts(productId);
  if (!current.data) return null;
  return <KitPartsForm productId={productId} data={current.data} />;
}

function KitPartsForm({ productId, data }: { productId: number; data: AdminKitParts }) {
  const save = useSaveKitParts(productId);
  const [parts, setParts] = useState<PartDraft[]>(() =>
    data.parts.map((p) => ({ productId: p.productId, variantId: p.variantId, quantity: String(p.quantity), title: p.title, variants: undefined })),
  );
  const [query, setQuery] = useState('');
  const q = useDebounced(query, 250);
  const found = useAdminProducts({ q, limit: 8, offset: 0 });
  const [error, setError] = useState<string | null>(null);

  const add = (p: Product) => {
    if (parts.some((x) => x.productId === p.id && (p.variants?.length ?? 0) === 0)) return;
    setParts([...parts, { productId: p.id, variantId: p.variants?.[0]?.id ?? null, quantity: '1', title: p.title, variants: p.variants }]);
  };
  const setPart = (i: number, patch: Partial<PartDraft>) => setParts(parts.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const onSave = async () => {
    const input = { parts: parts.map((p) => ({ productId: p.productId, variantId: p.variantId, quantity: Number(p.quantity) })) };
    const parsed = KitPartsInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the parts');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify('success', 'Kit parts saved');
    } catch (e) {
      notify('error', `Could not save the kit parts${reasonOf(e) ? `: ${reasonOf(e)}` : ''}`);
    }
  };

  return (
    <section aria-labelledby={`parts-${productId}`} className="ad:flex ad:flex-col ad:gap-3 ad:border-t ad:border-slate-200 ad:pt-4">
      <h3 id={`parts-${productId}`} className="ad:font-semibold ad:text-slate-900">
        Kit parts
      </h3>
      {data.parts.length > 0 && (
        <p className="ad:text-sm ad:text-slate-700">
          {data.available === null ? 'No part tracks its stock.' : `Kits the parts allow now: ${data.available}.`}
          {data.limitedBy && ` Limited by ${data.limitedBy.title}.`}
        </p>
      )}
      {parts.length > 0 && (
        <ul className="ad:flex ad:flex-col ad:gap-2">
          {parts.map((p, i) => (
            <li key={`${p.productId}:${i}`} className="ad:flex ad:flex-wrap ad:items-end ad:gap-2">
              <span className="ad:min-w-40 ad:flex-1">{p.title}</span>
              {p.variants && p.variants.length > 0 && (
                <label className={labelClass}>
                  Variant of {p.title}
                  <select className={small} value={p.variantId ?? ''} onChange={(e) => setPart(i, { variantId: Number(e.target.value) })}>
                    {p.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {variantLabel(v.options)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label className={labelClass}>
                Quantity of {p.title}
                <input className={small} inputMode="numeric" value={p.quantity} onChange={(e) => setPart(i, { quantity: e.target.value })} />
              </label>
              <button
                type="button"
                className="ad:rounded-md ad:border ad:border-slate-300 ad:px-3 ad:py-1"
                onClick={() => setParts(parts.filter((_, j) => j !== i))}
              >
                Remove {p.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={labelClass}>
        Find a part
        <input className={controlClass} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Title of a product" />
      </label>
      {q.trim() !== '' && (
        <ul className="ad:flex ad:flex-wrap ad:gap-2">
          {(found.data?.products ?? [])
            .filter((p) => p.id !== productId && !(p.parts && p.parts.length > 0))
            .map((p) => (
              <li key={p.id}>
                <button type="button" className="ad:rounded-md ad:border ad:border-slate-300 ad:px-3 ad:py-1 ad:text-sm" onClick={() => add(p)}>
                  Add {p.title}
                </button>
              </li>
            ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="ad:text-sm ad:text-red-700">
          {error}
        </p>
      )}
      <div>
        <SaveButton busy={save.isPending} label="Save kit parts" onSave={onSave} />
      </div>
    </section>
  );
}
