import { useState } from 'react';
import { secondaryButton } from '@/components/ui/button-styles';
import { notify } from '@/lib/notify';
import { reasonOf } from '../lib/admin-fetch';

/**
 * A section's "Export CSV" button: runs `download` once at a time ("Exporting..." meanwhile), then
 * toasts `done` if given, or on failure the words `failed` makes of the server's reason (null if none).
 */
export function ExportCsvButton({ download, failed, done }: { download: () => Promise<unknown>; failed: (reason: string | null) => string; done?: string }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await download();
      if (done) notify('success', done);
    } catch (error) {
      notify('error', failed(reasonOf(error)));
    } finally {
      setExporting(false);
    }
  };
  return (
    <button type="button" className={secondaryButton} onClick={() => void run()} disabled={exporting}>
      {exporting ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}
