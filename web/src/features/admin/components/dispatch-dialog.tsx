import { useState } from 'react';
import type { DispatchInput } from '@shared/admin-orders.schemas';
import { primaryButton } from '@/components/ui/button-styles';
import { FormField } from '@/components/ui/form-field';
import { Modal, ModalActions } from './modal';

/** The dialog's fields: DispatchInput with the tracking link as typed ('' when none). */
export type DispatchDetails = Required<DispatchInput>;

const EMPTY: DispatchDetails = { courier: '', trackingNumber: '', trackingUrl: '' };

/**
 * Setting an order to dispatched asks for the courier and the tracking number (and an optional
 * tracking link); so does adding them to an order dispatched without them (`later`, e.g. by the
 * original dashboard, which sends the status alone: decision 038).
 */
export function DispatchDialog({
  orderId,
  onCancel,
  onConfirm,
  errors = {},
  later = false,
  initial = EMPTY,
}: {
  orderId: string;
  onCancel: () => void;
  onConfirm: (details: DispatchDetails) => void;
  errors?: Record<string, string>;
  later?: boolean;
  initial?: DispatchDetails;
}) {
  const [details, setDetails] = useState<DispatchDetails>(initial);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const set = (field: keyof DispatchDetails) => (e: React.ChangeEvent<HTMLInputElement>) => setDetails({ ...details, [field]: e.target.value });
  const shown = { ...errors, ...missing };
  return (
    <Modal title={later ? `Tracking for order ${orderId}` : `Dispatch order ${orderId}`} onClose={onCancel}>
      <form
        noValidate
        className="ad:flex ad:flex-col ad:gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const next: Record<string, string> = {};
          if (!details.courier.trim()) next.courier = 'Enter the courier';
          if (!details.trackingNumber.trim()) next.trackingNumber = 'Enter the tracking number';
          setMissing(next);
          if (Object.keys(next).length === 0)
            onConfirm({ courier: details.courier.trim(), trackingNumber: details.trackingNumber.trim(), trackingUrl: details.trackingUrl.trim() });
        }}
      >
        <FormField label="Courier" data-autofocus autoComplete="off" value={details.courier} onChange={set('courier')} error={shown.courier} />
        <FormField label="Tracking number" autoComplete="off" value={details.trackingNumber} onChange={set('trackingNumber')} error={shown.trackingNumber} />
        <FormField
          label="Tracking link (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={details.trackingUrl}
          onChange={set('trackingUrl')}
          error={shown.trackingUrl}
        />
        <ModalActions onCancel={onCancel}>
          <button type="submit" className={primaryButton}>
            {later ? 'Save tracking' : 'Mark as dispatched'}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
