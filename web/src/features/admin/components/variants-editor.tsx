import { useState } from 'react';
import type { AdminVariants } from '@shared/variants.schemas';
import { combinationKey, combinations, ProductVariantsInput, variantLabel } from '@shared/variants.schemas';
import { notify } from '@/lib/notify';
import { useProductVariants, useSaveVariants } from '../api/product-variants';
import { reasonOf } from '../lib/admin-fetch';
import { controlClass, labelClass } from './field-styles';
import { SaveButton } from './form-controls';

type OptionDraft = { name: string; values: string };
type RowDraft = { options: Record<string, string>; sku: string; price: string; stock: string; weight: string; hsnCode: string; gstRate: string; image: string };

const splitValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const optionsOf = (drafts: OptionDraft[]) => drafts.filter((o) => o.name.trim()).map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }));

/** An option's name or values: a text input inside its label. */
function OptionText({ label, value, placeholder, onChange }: { label: string; value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <label className={labelClass}>
      {label}
      <input className={controlClass} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function rowsOf(data: AdminVariants): RowDraft[] {
  return data.variants.map((v) => ({
    options: v.options,
    sku: v.sku ?? '',
    price: String(v.price),
    stock: v.stock === null ? '' : String(v.stock),
    weight: v.weight === null ? '' : String(v.weight),
    hsnCode: v.hsnCode ?? '',
    gstRate: v.gstRate ?? '',
    image: v.image ?? '',
  }));
}

const small = `${controlClass} ad:py-1`;

/** The typed cells of a variant's row: the field, its column heading, its label (“Price of Colour: red”), its keypad. */
const CELLS: { field: 'sku' | 'price' | 'stock' | 'weight'; heading: string; label: string; inputMode?: 'decimal' | 'numeric'; placeholder?: string }[] = [
  { field: 'sku', heading: 'SKU', label: 'SKU' },
  { field: 'price', heading: 'Price (₹)', label: 'Price', inputMode: 'decimal' },
  { field: 'stock', heading: 'Stock', label: 'Stock', inputMode: 'numeric', placeholder: 'not tracked' },
  { field: 'weight', heading: 'Weight (g)', label: 'Weight', inputMode: 'numeric' },
];

/**
 * The product form's options and variants (decision 045): add options with their values, generate a
 * variant per combination (rows already there keep what was typed), then set each one's SKU, price,
 * stock and image (one of the product's images, shown first when the variant is chosen). Checked with the schema the server uses before it is sent.
 */
export function VariantsEditor({ productId, basePrice, images }: { productId: number; basePrice: number; images: string[] }) {
  const current = useProductVariants(productId);
  if (!current.data) return null;
  return <VariantsForm productId={productId} basePrice={basePrice} images={images} initial={current.data} />;
}

function VariantsForm({ productId, basePrice, images, initial }: { productId: number; basePrice: number; images: string[]; initial: AdminVariants }) {
  const save = useSaveVariants(productId);
  const [options, setOptions] = useState<OptionDraft[]>(() => initial.options.map((o) => ({ name: o.name, values: o.values.join(', ') })));
  const setOption = (i: number, change: Partial<OptionDraft>) => setOptions(options.map((x, j) => (j === i ? { ...x, ...change } : x)));
  const [rows, setRows] = useState<RowDraft[]>(() => rowsOf(initial));
  const [errors, setErrors] = useState<string[]>([]);

  const generate = () => {
    const opts = optionsOf(options);
    const old = new Map(rows.map((r) => [combinationKey(opts, r.options), r]));
    setRows(
      combinations(opts).map(
        (c) =>
          old.get(combinationKey(opts, c)) ?? { options: c, sku: '', price: String(basePrice), stock: '', weight: '', hsnCode: '', gstRate: '', image: '' },
      ),
    );
  };

  const setRow = (i: number, patch: Partial<RowDraft>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const onSave = async () => {
    const input = {
      options: optionsOf(options),
      variants: rows.map((r) => ({
        options: r.options,
        sku: r.sku,
        price: r.price,
        stock: r.stock.trim() === '' ? null : Number(r.stock),
        weight: r.weight.trim() === '' ? null : Number(r.weight),
        hsnCode: r.hsnCode,
        gstRate: r.gstRate === '' ? null : r.gstRate,
        image: r.image === '' ? null : r.image,
      })),
    };
    const parsed = ProductVariantsInput.safeParse(input);
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => i.message));
      return;
    }
    setErrors([]);
    try {
      const saved = await save.mutateAsync(input as ProductVariantsInput);
      setRows(rowsOf(saved));
      notify('success', 'Variants saved');
    } catch (error) {
      notify('error', `Could not save the variants${reasonOf(error) ? `: ${reasonOf(error)}` : ''}`);
    }
  };

  return (
    <section aria-labelledby={`variants-${productId}`} className="ad:flex ad:flex-col ad:gap-3 ad:border-t ad:border-slate-200 ad:pt-4">
      <h3 id={`variants-${productId}`} className="ad:font-semibold ad:text-slate-900">
        Options and variants
      </h3>
      {options.map((o, i) => (
        <div key={i} className="ad:grid ad:grid-cols-[1fr_2fr_auto] ad:items-end ad:gap-2">
          <OptionText label={`Option ${i + 1} name`} value={o.name} placeholder="Battery" onChange={(name) => setOption(i, { name })} />
          <OptionText
            label={`Option ${i + 1} values (comma-separated)`}
            value={o.values}
            placeholder="included, not included"
            onChange={(values) => setOption(i, { values })}
          />
          <button
            type="button"
            className="ad:rounded-md ad:border ad:border-slate-300 ad:px-3 ad:py-2"
            onClick={() => setOptions(options.filter((_, j) => j !== i))}
          >
            Remove option {i + 1}
          </button>
        </div>
      ))}
      <div className="ad:flex ad:flex-wrap ad:gap-2">
        <button
          type="button"
          className="ad:rounded-md ad:border ad:border-slate-300 ad:px-3 ad:py-2"
          onClick={() => setOptions([...options, { name: '', values: '' }])}
          disabled={options.length >= 3}
        >
          Add option
        </button>
        <button type="button" className="ad:rounded-md ad:border ad:border-slate-300 ad:px-3 ad:py-2" onClick={generate}>
          Generate variants
        </button>
      </div>
      {rows.length > 0 && (
        <table className="ad:w-full ad:text-sm">
          <thead>
            <tr className="ad:text-left">
              <th scope="col">Variant</th>
              {CELLS.map((c) => (
                <th key={c.field} scope="col">
                  {c.heading}
                </th>
              ))}
              {images.length > 0 && <th scope="col">Image</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const name = variantLabel(r.options);
              return (
                <tr key={name}>
                  <th scope="row" className="ad:pr-2 ad:text-left ad:font-normal">
                    {name}
                  </th>
                  {CELLS.map((c) => (
                    <td key={c.field}>
                      <input
                        aria-label={`${c.label} of ${name}`}
                        inputMode={c.inputMode}
                        placeholder={c.placeholder}
                        className={small}
                        value={r[c.field]}
                        onChange={(e) => setRow(i, { [c.field]: e.target.value })}
                      />
                    </td>
                  ))}
                  {images.length > 0 && (
                    <td>
                      {/* One of the product's images, shown first when a shopper chooses this variant. */}
                      <select
                        aria-label={`Image of ${name}`}
                        className={small}
                        value={images.includes(r.image) ? r.image : ''}
                        onChange={(e) => setRow(i, { image: e.target.value })}
                      >
                        <option value="">Product's images</option>
                        {images.map((path, n) => (
                          <option key={path} value={path}>
                            Image {n + 1}
                          </option>
                        ))}
                      </select>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {errors.length > 0 && (
        <ul role="alert" className="ad:text-sm ad:text-red-700">
          {[...new Set(errors)].map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div>
        <SaveButton busy={save.isPending} label="Save variants" onSave={onSave} />
      </div>
    </section>
  );
}
