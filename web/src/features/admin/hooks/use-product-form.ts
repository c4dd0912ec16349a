import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '@/lib/notify';
import type { ProductUpload } from '../api/create-product';
import { reportSaveFailure } from '../lib/admin-fetch';
import { ProductForm } from '../lib/form-schemas';

const FIELDS = ['title', 'price', 'description', 'category', 'stock', 'lowStockThreshold', 'hsnCode', 'gstRate', 'weight', 'images'] as const;

/**
 * The Add and Edit Product form, checked with the schema the server checks with. While it saves,
 * `progress` is the upload's (0..1; null when idle); once saved, a toast says `saved` and `onSaved`
 * runs; when refused, a toast says `failed` with the reason and the server's field errors show under
 * the fields.
 */
export function useProductForm({
  defaultValues,
  save,
  saved,
  failed,
  onSaved,
}: {
  defaultValues: ProductForm;
  save: (upload: ProductUpload) => Promise<unknown>;
  saved: string;
  failed: string;
  onSaved: (form: UseFormReturn<ProductForm>) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<ProductForm>({ resolver: zodResolver(ProductForm), defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setProgress(0);
    try {
      await save({ values, onProgress: setProgress });
      notify('success', saved);
      onSaved(form);
    } catch (error) {
      reportSaveFailure(error, failed, FIELDS, form.setError);
    } finally {
      setProgress(null);
    }
  });
  return { form, progress, onSubmit };
}
