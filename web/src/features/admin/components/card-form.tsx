import { useId, type FormEvent, type ReactNode } from 'react';
import { AdminSection, QueryBody } from './admin-section';

/** The look of a settings card (a form or a section of the shipping and shop settings). */
export const cardClass = 'ad:flex ad:flex-col ad:gap-4 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-4 ad:shadow-sm';

/** A settings form as a card, named by its title; what it does below the title, then its fields. */
export function CardForm({
  title,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  intro?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form onSubmit={onSubmit} noValidate className={cardClass} aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="ad:text-lg ad:font-semibold ad:text-slate-900">
          {title}
        </h3>
        {intro && <p className="ad:text-sm ad:text-slate-700">{intro}</p>}
      </div>
      {children}
    </form>
  );
}

/**
 * A section of the shop's settings (shipping, the shop's details, the policy pages): what they do
 * (`intro`), 'Loading <what>' while they load, 'Could not load <what>.' when they cannot, else its
 * forms of the saved settings.
 */
export function SettingsSection<D>({
  title,
  intro,
  what,
  query,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The settings, after 'Loading' and 'Could not load': 'the shipping settings'. */
  what: string;
  query: { isPending: boolean; isError: boolean; data?: D };
  children: (data: D) => ReactNode;
}) {
  return (
    <AdminSection title={title}>
      {intro && <p className="ad:text-sm ad:text-slate-700">{intro}</p>}
      <QueryBody query={query} loadingLabel={`Loading ${what}`} errorText={`Could not load ${what}.`}>
        {children}
      </QueryBody>
    </AdminSection>
  );
}
