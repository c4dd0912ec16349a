/** A button that reads as a text link (switching between the login page's modes). */
export const linkButton = 'rounded font-medium text-brand-700 underline-offset-4 hover:underline';
