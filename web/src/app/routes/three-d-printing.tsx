import { PageMeta } from '@/components/ui/page-meta';
import { PrintRequestForm } from '@/features/printing/components/print-request-form';

const TITLE = '3D Printing Service';

/** /3dprinting (SPEC.md §2): the 3D printing request form. */
export function ThreeDPrintingRoute() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageMeta title={TITLE} description="Send us your STL models or drawings and we print them in 3D, up to 22 cm per side." />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 text-slate-700">
        Send us your STL models (or a drawing to turn into 3D) and we will get back to you with the details. Each model is measured and previewed here before
        you send it.
      </p>
      <div className="mt-6">
        <PrintRequestForm />
      </div>
    </div>
  );
}
