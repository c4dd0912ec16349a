import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { adminMessages } from '@shared/admin-messages';
import { FormField, FormFields, SubmitButton } from '@/components/ui/form-field';
import { adminProductsKey } from '../api/get-admin-products';
import { useUpdateProduct } from '../api/update-product';
import { useProductForm } from '../hooks/use-product-form';
import { FileField, TextAreaField, UploadProgress } from './form-controls';
import { Modal, ModalActions } from './modal';
import { STOCK_AND_TAX_FIELDS } from './product-fields';
import { KitPartsEditor } from './kit-parts-editor';
import { VariantsEditor } from './variants-editor';

/** SPEC.md §2 'Edit Product': Title, Price, Description, Category (free text), Images; the list refreshes on close. */
export function EditProductModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const queryClient = useQueryClient();
  const update = useUpdateProduct(product.id);

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: adminProductsKey });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    onClose();
  };

  const { form, progress, onSubmit } = useProductForm({
    defaultValues: {
      title: product.title,
      price: String(product.price),
      description: product.description,
      category: product.category,
      stock: product.stock === null ? '' : String(product.stock),
      lowStockThreshold: product.lowStockThreshold === undefined ? '' : String(product.lowStockThreshold),
      hsnCode: '',
      weight: product.weight === undefined ? '' : String(product.weight),
      gstRate: '',
      images: undefined,
    },
    save: update.mutateAsync,
    saved: adminMessages.productUpdated,
    failed: adminMessages.errorUpdatingProduct,
    onSaved: close,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <Modal title="Edit Product" onClose={close} size="lg">
      <form onSubmit={onSubmit} noValidate className="ad:flex ad:flex-col ad:gap-4">
        <FormField label="Title" data-autofocus error={errors.title?.message} {...register('title')} />
        <FormField label="Price" inputMode="decimal" autoComplete="off" error={errors.price?.message} {...register('price')} />
        <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
        <FormField label="Category" error={errors.category?.message} {...register('category')} />
        <FormFields fields={STOCK_AND_TAX_FIELDS} form={{ register, formState: { errors } }} />
        <FileField
          label="Images"
          multiple
          accept="image/*"
          hint="Leave empty to keep the current images; new images replace them."
          error={errors.images?.message}
          {...register('images')}
        />
        {progress !== null && <UploadProgress fraction={progress} />}
        <ModalActions onCancel={close}>
          <SubmitButton busy={isSubmitting} label="Update Product" busyLabel="Updating..." />
        </ModalActions>
      </form>
      {/* Saved on their own (JSON, not the multipart form above): decision 045. */}
      <VariantsEditor productId={product.id} basePrice={product.price} images={product.images} />
      <KitPartsEditor productId={product.id} />
    </Modal>
  );
}
