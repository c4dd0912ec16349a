import type { FieldSpec } from '@/components/ui/form-field';
import type { ProductForm } from '../lib/form-schemas';

/** Stock, GST and weight fields, the same in Add Product and Edit Product. */
export const STOCK_AND_TAX_FIELDS: FieldSpec<ProductForm>[] = [
  { name: 'stock', label: 'Stock (units; empty: not tracked)', inputMode: 'numeric', autoComplete: 'off' },
  {
    name: 'lowStockThreshold',
    label: 'Low-stock alert at (units; mailed once when stock falls to it)',
    inputMode: 'numeric',
    autoComplete: 'off',
    placeholder: '5',
  },
  { name: 'hsnCode', label: 'HSN/SAC code (for GST invoices)', inputMode: 'numeric', autoComplete: 'off', placeholder: '9023' },
  { name: 'gstRate', label: 'GST rate (%)', inputMode: 'decimal', autoComplete: 'off', placeholder: '18' },
  { name: 'weight', label: 'Shipping weight (grams; optional)', inputMode: 'numeric', autoComplete: 'off' },
];
