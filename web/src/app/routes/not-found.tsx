import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';

export function NotFoundRoute() {
  return (
    <div className="py-16 text-center">
      <PageMeta title={messages.pageNotFound} />
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{messages.pageNotFound}</h1>
      <Link to="/" className={`${primaryButton} mt-6`}>
        Homepage
      </Link>
    </div>
  );
}
