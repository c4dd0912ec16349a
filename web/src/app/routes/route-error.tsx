import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { messages } from '../../../../shared/src/messages';
import { primaryButton } from '../../components/ui/button-styles';

/** Shown when a page fails to render (or its code fails to load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{messages.somethingWentWrong}</h1>
      {/* A full load, so a stale page or a failed code chunk is fetched again. */}
      <a href="/" className={`${primaryButton} mt-6`}>
        Homepage
      </a>
    </div>
  );
}
