import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DeliveryAddress, localPhone, normalizePhone, PHONE_PREFIX } from '@shared/account.schemas';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { FormFields, phoneInput, type FieldSpec } from '@/components/ui/form-field';

const FIELDS: FieldSpec<DeliveryAddress>[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { name: 'phone', label: 'Phone', ...phoneInput, autoComplete: 'shipping tel-national', prefix: PHONE_PREFIX },
  { name: 'address', label: 'Address', autoComplete: 'shipping street-address', className: 'sm:col-span-2' },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { name: 'zipCode', label: 'Pincode', inputMode: 'numeric', autoComplete: 'shipping postal-code' },
];

const EMPTY: DeliveryAddress = { name: '', phone: '', address: '', city: '', state: '', zipCode: '' };

type Props = {
  initial: DeliveryAddress | null;
  onUse: (address: DeliveryAddress) => void;
  onCancel: () => void;
};

/** "Deliver to another address": the recipient and the address, checked with the schema the server checks the order with. */
export function OtherAddressForm({ initial, onUse, onCancel }: Props) {
  const form = useForm<DeliveryAddress>({
    resolver: zodResolver(DeliveryAddress),
    defaultValues: initial ? { ...initial, phone: localPhone(initial.phone) } : EMPTY,
  });
  const { handleSubmit, setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <form
      aria-label="Another delivery address"
      noValidate
      onSubmit={(e) => {
        // The cart page has no outer form, but keep the submit from reaching anything else.
        e.stopPropagation();
        void handleSubmit((v) => onUse({ ...v, name: v.name.trim(), phone: normalizePhone(v.phone) ?? v.phone, zipCode: v.zipCode.trim() }))(e);
      }}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      <FormFields fields={FIELDS} form={form} />
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={`${primaryButton} flex-1`}>
          Use this address
        </button>
        <button type="button" className={`${secondaryButton} flex-1`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
