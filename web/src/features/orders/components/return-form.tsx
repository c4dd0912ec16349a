import { useId, useState, type FormEvent } from 'react';
import type { UserOrder } from '@shared/orders.schemas';
import { CreateReturnInput, MAX_RETURN_PHOTOS, returnMessages } from '@shared/returns';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRequestReturn } from '../api/request-return';

/**
 * "Request a return" for a delivered order within its window: the lines and how many of each, a
 * reason and optional photos. Checked with the schema the server checks with; the server's
 * answer (a line already returned, the window closed) shows above the buttons.
 */
export function ReturnForm({ order, onDone }: { order: UserOrder; onDone: () => void }) {
  const returnable = order.items.filter((i) => (i.returnable ?? 0) > 0 && i.lineId !== undefined);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestReturn();
  const formId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = Object.entries(units)
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }));
    const checked = CreateReturnInput.safeParse({ lines, reason });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the form');
    if (photos.length > MAX_RETURN_PHOTOS) return setError(`Add at most ${MAX_RETURN_PHOTOS} photos.`);
    setError(null);
    request.mutate(
      { orderId: order.order_id, ...checked.data, photos },
      {
        onSuccess: () => {
          notify('success', returnMessages.requested);
          onDone();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Could not send the request. Please try again.'),
      },
    );
  };

  return (
    <form aria-labelledby={`${formId}-title`} onSubmit={submit} className="w-full space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3" noValidate>
      <h3 id={`${formId}-title`} className="font-semibold text-slate-900">
        Request a return
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Items to return</legend>
        {returnable.map((item) => {
          const id = `${formId}-line-${item.lineId}`;
          return (
            <div key={item.lineId} className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={id} className="min-w-0 flex-1 text-sm text-slate-900">
                {item.title} <span className="text-slate-600">(up to {item.returnable})</span>
              </label>
              <select
                id={id}
                value={units[item.lineId!] ?? 0}
                onChange={(e) => setUnits({ ...units, [item.lineId!]: Number(e.target.value) })}
                className="rounded-md border border-slate-300 bg-white px-2 py-1"
              >
                {Array.from({ length: (item.returnable ?? 0) + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      <div>
        <label htmlFor={`${formId}-reason`} className="block text-sm font-medium text-slate-800">
          Reason
        </label>
        <textarea
          id={`${formId}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor={`${formId}-photos`} className="block text-sm font-medium text-slate-800">
          Photos (optional, up to {MAX_RETURN_PHOTOS} images)
        </label>
        <input
          id={`${formId}-photos`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          onChange={(e) => setPhotos([...(e.target.files ?? [])])}
          className="mt-1 block w-full text-sm"
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send return request'}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone} disabled={request.isPending}>
          Close
        </button>
      </div>
    </form>
  );
}
