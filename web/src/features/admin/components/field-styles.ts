/** Class names of the dashboard's selects, text areas and file inputs, matching FormField's inputs. */
export const controlClass =
  'ad:mt-1 ad:block ad:w-full ad:min-w-0 ad:rounded-md ad:border ad:border-slate-300 ad:bg-white ad:px-3 ad:py-2 ad:text-slate-900 ad:outline-none ad:focus:ring-3 ad:focus:ring-brand-600 ad:aria-invalid:border-red-600';
export const labelClass = 'ad:block ad:text-sm ad:font-medium ad:text-slate-800';
export const fileClass =
  'ad:mt-1 ad:block ad:w-full ad:text-sm ad:text-slate-800 ad:file:mr-3 ad:file:rounded-md ad:file:border-0 ad:file:bg-slate-100 ad:file:px-3 ad:file:py-2 ad:file:font-medium ad:file:text-slate-800 ad:hover:file:bg-slate-200';
