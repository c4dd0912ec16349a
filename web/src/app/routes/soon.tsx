import { useId } from 'react';
import { messages } from '../../../../shared/src/messages';
import { primaryButton } from '../../components/ui/button-styles';
import { PageMeta } from '../../components/ui/page-meta';

export function SoonRoute() {
  const id = useId();
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <PageMeta title="Coming soon" />
      <h1 className="text-3xl font-bold text-slate-900">Coming soon</h1>
      <p className="mt-3 text-slate-700">We are building something new for our community. Leave your email and we will let you know.</p>
      {/* No sign-up list exists yet: the form only stays on the page. */}
      <form onSubmit={(e) => e.preventDefault()} className="mt-6 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2"
        />
        <button type="submit" className={primaryButton}>
          {messages.notifyMe}
        </button>
      </form>
    </div>
  );
}
