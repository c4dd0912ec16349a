import { adminMessages } from '@shared/admin-messages';
import { FormField, FormFields, SubmitButton } from '@/components/ui/form-field';
import { useCategories } from '@/features/catalogue/api/get-categories';
import { useCreateProduct } from '../api/create-product';
import { useProductForm } from '../hooks/use-product-form';
import { AdminSection } from './admin-section';
import { FileField, SelectField, TextAreaField, UploadProgress } from './form-controls';
import { STOCK_AND_TAX_FIELDS } from './product-fields';

/** SPEC.md §2 Add Product: Title, Price (free text), Description, Category dropdown, Images; with upload progress. */
export function AddProductSection() {
  const categories = useCategories();
  const create = useCreateProduct();
  const { form, progress, onSubmit } = useProductForm({
    defaultValues: {
      title: '',
      price: '',
      description: '',
      category: '',
      stock: '',
      lowStockThreshold: '',
      hsnCode: '',
      gstRate: '',
      weight: '',
      images: undefined,
    },
    save: create.mutateAsync,
    saved: adminMessages.productAdded,
    failed: adminMessages.errorAddingProduct,
    onSaved: (form) => form.reset(),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AdminSection title="Add Product">
      <form
        onSubmit={onSubmit}
        noValidate
        className="ad:flex ad:max-w-2xl ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm ad:sm:p-6"
      >
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
