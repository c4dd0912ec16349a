import { accountMessages } from '@shared/account-messages';

/** The green messages after a successful Edit Profile save (SPEC.md §8), by what changed. */
export function profileSavedMessages(emailChanged: boolean, passwordChanged: boolean): string[] {
  if (passwordChanged) {
    return emailChanged ? [accountMessages.profileAndPasswordUpdated, accountMessages.profileUpdatedVerifyEmail] : [accountMessages.profileAndPasswordUpdated];
  }
  return [emailChanged ? accountMessages.profileUpdatedVerifyEmail : accountMessages.profileUpdated];
}
