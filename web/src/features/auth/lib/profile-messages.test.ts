import { describe, expect, it } from 'vitest';
import { profileSavedMessages } from './profile-messages';

describe('profileSavedMessages', () => {
  it('names what changed', () => {
    expect(profileSavedMessages(false, false)).toEqual(['Profile updated successfully.']);
    expect(profileSavedMessages(true, false)).toEqual(['Profile updated. Please verify your new email address.']);
    expect(profileSavedMessages(false, true)).toEqual(['Profile and password updated successfully.']);
  });

  it('still asks to verify the new address when the password changed too', () => {
    expect(profileSavedMessages(true, true)).toEqual(['Profile and password updated successfully.', 'Profile updated. Please verify your new email address.']);
  });
});
