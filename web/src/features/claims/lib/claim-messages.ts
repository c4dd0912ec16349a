/** Texts of the free-claim form quoted by SPEC.md (§4, §8), word for word. */
export const claimMessages = {
  submit: 'Submit',
  submitting: 'Submitting...',
  claimed: 'Claimed successfully',
  error: 'An error occurred. Please try again.',
} as const;
