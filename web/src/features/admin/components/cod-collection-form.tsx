import { useId, useState } from 'react';
import { withReason } from '@shared/admin-messages';
import { codMessages } from '@shared/cod';
import { formatRupees } from '@shared/money';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { useRecordCodCollection } from '../api/cod-collection';
import { fieldErrorsOf, reasonOf } from '../lib/admin-fetch';
import { controlClass, labelClass } from './field-styles';

/** Record the cash a courier collected for a dispatched cash-on-delivery order (decision 044). */
export function CodCollectionForm({ orderId, toCollect }: { orderId: string; toCollect: number }) {
  const id = useId();
  const record = useRecordCodCollection();
  const [reference, setReference] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    try {
      await record.mutateAsync({ orderId, amount: toCollect, reference, ...(date ? { date } : {}) });
      notify('success', codMessages.collectedSaved);
      setErrors({});
    } catch (error) {
      notify('error', withReason('Could not record the cash', reasonOf(error)));
      setErrors(fieldErrorsOf(error));
    }
  };

  return (
    <form
      aria-label={`Cash collected for ${orderId}`}
      className="ad:grid ad:gap-2 ad:rounded-md ad:border ad:border-yellow-300 ad:bg-yellow-50 ad:p-3 ad:sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-ref`} className={labelClass}>
          Collection reference
        </label>
        <input
          id={`${id}-ref`}
          required
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          className={controlClass}
          aria-invalid={errors.reference ? true : undefined}
        />
        {errors.reference && <p className="ad:mt-1 ad:text-sm ad:text-red-700">{errors.reference}</p>}
      </div>
      <div>
        <label htmlFor={`${id}-date`} className={labelClass}>
          Collected on (default today)
        </label>
        <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} className={controlClass} />
      </div>
      <button type="submit" className={`${secondaryButton} ad:self-start`} disabled={record.isPending || reference.trim() === ''}>
        Record cash collected ({formatRupees(toCollect)})
      </button>
    </form>
  );
}
