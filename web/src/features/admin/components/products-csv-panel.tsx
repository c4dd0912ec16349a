import { useState } from 'react';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { downloadProductsCsv, useImportProducts, type ImportReport } from '../api/products-csv';
import { reasonOf, withToasts } from '../lib/admin-fetch';
import { fileClass, labelClass } from './field-styles';

/**
 * Products and variants as CSV (decision 045): export, and import with a dry run first; the report
 * lists every row that is not unchanged, with its line and what happened to it.
 */
export function ProductsCsvPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const importing = useImportProducts();

  const run = async (dryRun: boolean) => {
    if (!file) {
      notify('error', 'Choose a CSV file to import');
      return;
    }
    try {
      const result = await importing.mutateAsync({ file, dryRun });
      setReport(result);
      notify(
        result.errors > 0 ? 'error' : 'success',
        result.applied ? 'Products imported' : result.errors > 0 ? `${result.errors} rows have errors; nothing was imported` : 'Dry run: no errors',
      );
    } catch (error) {
      notify('error', `Could not import the file${reasonOf(error) ? `: ${reasonOf(error)}` : ''}`);
    }
  };

  return (
    <section aria-labelledby="products-csv-heading" className="ad:mt-6 ad:flex ad:flex-col ad:gap-3 ad:border-t ad:border-slate-200 ad:pt-4">
      <h3 id="products-csv-heading" className="ad:font-semibold ad:text-slate-900">
        Import and export (CSV)
      </h3>
      <div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void withToasts(downloadProductsCsv, 'Products exported', 'Could not export the products')}
        >
          Export products CSV
        </button>
      </div>
      <label className={labelClass}>
        CSV file to import
        <input type="file" accept=".csv,text/csv" className={fileClass} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <div className="ad:flex ad:flex-wrap ad:gap-2">
        <button type="button" className={secondaryButton} disabled={importing.isPending} onClick={() => void run(true)}>
          Check (dry run)
        </button>
        <button type="button" className={secondaryButton} disabled={importing.isPending} onClick={() => void run(false)}>
          Import
        </button>
      </div>
      {report && (
        <div role="status" className="ad:text-sm ad:text-slate-800">
          <p>
            {report.dryRun ? 'Dry run' : report.applied ? 'Imported' : 'Not imported'}: {report.created} created, {report.updated} updated, {report.unchanged}{' '}
            unchanged, {report.errors} with errors.
          </p>
          <ul className="ad:mt-1 ad:max-h-64 ad:overflow-auto">
            {report.rows
              .filter((r) => r.outcome !== 'unchanged')
              .slice(0, 500)
              .map((r) => (
                <li key={r.line} className={r.outcome === 'error' ? 'ad:text-red-700' : ''}>
                  Line {r.line} ({r.title}): {r.outcome}
                  {r.message ? ` — ${r.message}` : ''}
                </li>
              ))}
          </ul>
        </div>
      )}
    </section>
  );
}
