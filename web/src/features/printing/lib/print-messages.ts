/** Texts of the 3D printing form; the error is SPEC.md §8's, word for word. */
export const printMessages = {
  error: 'An error occurred while submitting the form. Please try again.',
  submit: 'Submit',
  submitting: 'Submitting...',
  filesRequired: 'Add at least one file',
  fixFiles: 'Remove the files marked below (or fix them) before sending.',
  noWebGl: 'The 3D preview needs WebGL, which this browser does not offer. The size and volume above are still checked.',
} as const;
