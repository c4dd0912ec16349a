import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessages } from '@shared/admin-messages';
import { FormField, FormFields, SubmitButton } from '../../../components/ui/form-field';
import { notify } from '../../../lib/notify';
import { useCategories } from '../../catalogue/api/get-categories';
import { useCreateProduct } from '../api/create-product';
import { reportSaveFailure } from '../lib/admin-fetch';
import { ProductForm, type ProductForm as ProductFormValues } from '../lib/form-schemas';
import { AdminSection } from './admin-section';
import { FileField, SelectField, TextAreaField, UploadProgress } from './form-controls';
import { STOCK_AND_TAX_FIELDS } from './product-fields';

const FIELDS = ['title', 'price', 'description', 'category', 'stock', 'hsnCode', 'gstRate', 'images'] as const;

/** SPEC.md §2 Add Product: Title, Price (free text), Description, Category dropdown, Images; with upload progress. */
export function AddProductSection() {
  const categories = useCategories();
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateProduct(setProgress);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(ProductForm),
    defaultValues: { title: '', price: '', description: '', category: '', stock: '', hsnCode: '', gstRate: '', images: undefined },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProgress(0);
    try {
      await create.mutateAsync(values);
      notify('success', adminMessages.productAdded);
      reset();
    } catch (error) {
      reportSaveFailure(error, adminMessages.errorAddingProduct, FIELDS, setError);
    } finally {
      setProgress(null);
    }
  });

  return (
    <AdminSection title="Add Product">
      <form onSubmit={onSubmit} noValidate className="ad:flex ad:max-w-2xl ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm ad:sm:p-6">
        <FormField label="Title" error={errors.title?.message} {...register('title')} />
        <FormField label="Price" inputMode="decimal" autoComplete="off" error={errors.price?.message} {...register('price')} />
        <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
        <SelectField label="Category" error={errors.category?.message} {...register('category')}>
          <option value="" disabled>
            {adminMessages.selectCategory}
          </option>
          {categories.data?.map((c) => (
            <option key={c.Id} value={c.type}>
              {c.type}
            </option>
          ))}
        </SelectField>
        <FormFields fields={STOCK_AND_TAX_FIELDS} form={{ register, formState: { errors } }} />
        <FileField label="Images" multiple accept="image/*" error={errors.images?.message} {...register('images')} />
        {progress !== null && <UploadProgress fraction={progress} />}
        <div>
          <SubmitButton busy={isSubmitting} label="Add Product" busyLabel="Adding..." />
        </div>
      </form>
    </AdminSection>
  );
}
