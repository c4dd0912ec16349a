import { normalizePhone, type UpdateProfileInput } from '@shared/account.schemas';

/** The profile fields as sign-up and Edit Profile send them: trimmed, the phone as +91XXXXXXXXXX when it is one. */
export function profileBody(input: UpdateProfileInput): UpdateProfileInput {
  return {
    ...(input.name === undefined ? {} : { name: input.name.trim() }),
    username: input.username.trim(),
    phone: normalizePhone(input.phone) ?? input.phone,
    address: input.address.trim(),
    city: input.city.trim(),
    state: input.state.trim(),
    zipCode: input.zipCode.trim(),
  };
}
