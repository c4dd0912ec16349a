import { PageMeta } from '../../../components/ui/page-meta';

/** The admin dashboard's entry, loaded lazily by the router only; the dashboard arrives with the admin issue. */
export default function AdminPlaceholderPage() {
  return (
    <div className="py-16 text-center">
      <PageMeta title="Admin dashboard" />
      <h1 className="text-2xl font-bold text-slate-900">Admin dashboard</h1>
      <p className="mt-3 text-slate-700">The admin dashboard arrives with the admin issue.</p>
    </div>
  );
}
