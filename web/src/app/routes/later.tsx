import { PageMeta } from '../../components/ui/page-meta';

/** A page whose feature arrives with a later issue (3D printing). */
export function LaterRoute({ title }: { title: string }) {
  return (
    <div className="py-16 text-center">
      <PageMeta title={title} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">This page arrives with a later update of the shop.</p>
    </div>
  );
}
