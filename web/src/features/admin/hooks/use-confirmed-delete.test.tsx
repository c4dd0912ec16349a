// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { useConfirmedDelete } from './use-confirmed-delete';

vi.mock('@/lib/notify', () => ({ notify: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(notify).mockClear();
});

type Item = { id: number; name: string };

/** A list of one item with its Delete button; `deleted` answers the delete mutation. */
function List({ deleted, onDeleted }: { deleted: () => Promise<unknown>; onDeleted: (item: Item) => void }) {
  const remove = useConfirmedDelete({
    useDelete: () => ({ mutateAsync: deleted, isPending: false }),
    idOf: (item: Item) => item.id,
    describe: (item) => ({ title: 'Delete thing', message: `Delete ${item.name}?` }),
    toasts: (item) => ({ done: `${item.name} deleted`, failed: `Could not delete ${item.name}` }),
    onDeleted,
  });
  return (
    <>
      <button type="button" onClick={() => remove.request({ id: 7, name: 'Rover' })}>
        Delete Rover
      </button>
      {remove.dialog}
    </>
  );
}

function open(deleted: () => Promise<unknown>) {
  const onDeleted = vi.fn();
  const mutate = vi.fn(deleted);
  render(<List deleted={mutate} onDeleted={onDeleted} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete Rover' }));
  return { mutate, onDeleted, dialog: screen.getByRole('alertdialog', { name: 'Delete thing' }) };
}

describe('useConfirmedDelete', () => {
  it('asks first; Cancel deletes nothing', () => {
    const { mutate, dialog } = open(async () => undefined);
    expect(dialog.textContent).toContain('Delete Rover?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(mutate).not.toHaveBeenCalled();
  });

  it('deletes the item by its id once confirmed, says so and lets the section follow', async () => {
    const { mutate, onDeleted } = open(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Rover deleted'));
    expect(mutate).toHaveBeenCalledWith(7);
    expect(onDeleted).toHaveBeenCalledWith({ id: 7, name: 'Rover' });
  });

  it("shows the failure with the server's reason, and the item stays", async () => {
    const { onDeleted } = open(async () => {
      throw new Error('boom');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', expect.stringContaining('Could not delete Rover')));
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
