import { useState, type ReactNode } from 'react';
import { withToasts } from '../lib/admin-fetch';
import { ConfirmDialog } from '../components/modal';

/**
 * Delete after the admin confirms: `request(item)` opens the alert dialog about the item (render
 * `dialog` in the section); Delete closes it and runs the delete mutation with its toasts (done, or
 * failed with the server's reason); Cancel or Escape closes it. The mutation refreshes the lists that
 * show the item (it invalidates their queries); `onDeleted` runs once the item is gone, and
 * `isDeleting(item)` says whether its deletion is under way.
 */
export function useConfirmedDelete<T, Id>({
  useDelete,
  idOf,
  describe,
  toasts,
  onDeleted,
}: {
  useDelete: () => { mutateAsync: (id: Id) => Promise<unknown>; isPending: boolean; variables?: Id };
  idOf: (item: T) => Id;
  /** The dialog's title and its question about the item. */
  describe: (item: T) => { title: string; message: string };
  toasts: (item: T) => { done: string; failed: string };
  onDeleted?: (item: T) => void;
}): { request: (item: T) => void; dialog: ReactNode; isDeleting: (item: T) => boolean } {
  const remove = useDelete();
  const [pending, setPending] = useState<T | null>(null);

  const confirm = async (item: T) => {
    setPending(null);
    const { done, failed } = toasts(item);
    if (await withToasts(() => remove.mutateAsync(idOf(item)), done, failed)) onDeleted?.(item);
  };

  const dialog = pending !== null && (
    <ConfirmDialog {...describe(pending)} confirmLabel="Delete" danger onCancel={() => setPending(null)} onConfirm={() => void confirm(pending)} />
  );
  return {
    request: (item) => setPending(() => item),
    dialog,
    isDeleting: (item) => remove.isPending && remove.variables === idOf(item),
  };
}
