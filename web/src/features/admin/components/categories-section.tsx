import { useId, useState, type FormEvent } from 'react';
import type { Category } from '@shared/catalogue.schemas';
import { adminMessages } from '@shared/admin-messages';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { useCategories } from '@/features/catalogue/api/get-categories';
import { useCreateCategory, useDeleteCategory, useRenameCategory } from '../api/category-mutations';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { withToasts } from '../lib/admin-fetch';
import { AdminSection, QueryBody } from './admin-section';
import { controlClass, labelClass } from './field-styles';

const dangerButton =
  'ad:rounded-md ad:border ad:border-red-700 ad:bg-white ad:px-3 ad:py-1.5 ad:font-semibold ad:text-red-700 ad:hover:bg-red-50 ad:disabled:opacity-60';

function CategoryRow({ category, onDelete }: { category: Category; onDelete: () => void }) {
  const [name, setName] = useState<string | null>(null);
  const rename = useRenameCategory();
  const inputId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name === null || !name.trim()) return;
    if (await withToasts(() => rename.mutateAsync({ id: category.Id, name: name.trim() }), adminMessages.categoryRenamed, adminMessages.errorRenamingCategory))
      setName(null);
  };

  if (name !== null) {
    return (
      <form onSubmit={(e) => void save(e)} className="ad:flex ad:flex-wrap ad:items-end ad:gap-2">
        <div className="ad:min-w-0 ad:flex-1">
          <label htmlFor={inputId} className={labelClass}>
            New name for {category.type}
          </label>
          {/* Focus moves into the field the admin has just asked to edit, not on a page's load. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} className={controlClass} autoFocus maxLength={100} />
        </div>
        <button type="submit" className={`${primaryButton} ad:py-1.5`} disabled={rename.isPending || !name.trim()}>
          Save
        </button>
        <button type="button" className={`${secondaryButton} ad:py-1.5`} onClick={() => setName(null)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="ad:flex ad:flex-wrap ad:items-center ad:justify-between ad:gap-2">
      <span className="ad:font-medium ad:break-words ad:text-slate-900">{category.type}</span>
      <div className="ad:flex ad:gap-2">
        <button type="button" className={`${secondaryButton} ad:py-1.5`} onClick={() => setName(category.type)} aria-label={`Rename ${category.type}`}>
          Rename
        </button>
        <button type="button" className={dangerButton} onClick={onDelete} aria-label={`Delete ${category.type}`}>
          Delete
        </button>
      </div>
    </div>
  );
}

/** Manage Category: add, rename, delete (refused by the server while products use the category). */
export function CategoriesSection() {
  const categories = useCategories();
  const create = useCreateCategory();
  const remove = useConfirmedDelete({
    useDelete: useDeleteCategory,
    idOf: (category: Category) => category.Id,
    describe: (category) => ({
      title: 'Delete category',
      message: `Delete the category "${category.type}"? A category that products use cannot be deleted.`,
    }),
    toasts: () => ({ done: adminMessages.categoryDeleted, failed: adminMessages.errorDeletingCategory }),
  });
  const [name, setName] = useState('');
  const nameId = useId();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    if (await withToasts(() => create.mutateAsync(name.trim()), adminMessages.categoryAdded, adminMessages.errorAddingCategory)) setName('');
  };

  return (
    <AdminSection title="Manage Category">
      <form
        onSubmit={(e) => void add(e)}
        className="ad:flex ad:max-w-xl ad:flex-wrap ad:items-end ad:gap-2 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm"
      >
        <div className="ad:min-w-0 ad:flex-1">
          <label htmlFor={nameId} className={labelClass}>
            New category name
          </label>
          <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} className={controlClass} maxLength={100} />
        </div>
        <button type="submit" className={primaryButton} disabled={create.isPending || !name.trim()}>
          Add Category
        </button>
      </form>
      <QueryBody query={categories} loadingLabel="Loading categories" errorText="Could not load the categories.">
        {(data) => (
          <ul
            aria-label="Categories"
            className="ad:flex ad:max-w-xl ad:flex-col ad:divide-y ad:divide-slate-200 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm"
          >
            {data.map((category) => (
              <li key={category.Id} className="ad:px-4 ad:py-3">
                <CategoryRow category={category} onDelete={() => remove.request(category)} />
              </li>
            ))}
          </ul>
        )}
      </QueryBody>
      {remove.dialog}
    </AdminSection>
  );
}
