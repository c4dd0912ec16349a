import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@shared/catalogue.schemas';
import { adminMessages } from '@shared/admin-messages';
import { FormField, FormFields, SubmitButton } from '../../../components/ui/form-field';
import { notify } from '../../../lib/notify';
import { adminProductsKey } from '../api/get-admin-products';
import { useUpdateProduct } from '../api/update-product';
import { reportSaveFailure } from '../lib/admin-fetch';
import { ProductForm, type ProductForm as ProductFormValues } from '../lib/form-schemas';
import { FileField, TextAreaField, UploadProgress } from './form-controls';
import { Modal, ModalActions } from './modal';
import { STOCK_AND_TAX_FIELDS } from './product-fields';

const FIELDS = ['title', 'price', 'description', 'category', 'stock', 'hsnCode', 'gstRate', 'images'] as const;

/** SPEC.md §2 'Edit Product': Title, Price, Description, Category (free text), Images; the list refreshes on close. */
export function EditProductModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const update = useUpdateProduct(product.id, setProgress);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(ProductForm),
    defaultValues: {
      title: product.title,
      price: String(product.price),
      description: product.description,
      category: product.category,
      stock: product.stock === null ? '' : String(product.stock),
      hsnCode: '',
      gstRate: '',
      images: undefined,
    },
  });

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: adminProductsKey });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setProgress(0);
    try {
      await update.mutateAsync(values);
      notify('success', adminMessages.productUpdated);
      close();
    } catch (error) {
      setProgress(null);
      reportSaveFailure(error, adminMessages.errorUpdatingProduct, FIELDS, setError);
    }
  });

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
    </Modal>
  );
}
