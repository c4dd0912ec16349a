import type { StlState } from '../hooks/use-stl-infos';
import { isStlName, type PrintFile } from '../lib/print-files';
import { stlSummary } from '../lib/stl-summary';

type PrintFileListProps = {
  files: PrintFile[];
  stl: Map<string, StlState>;
  previewId: string | undefined;
  onPreview: (id: string) => void;
  onRemove: (id: string) => void;
};

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** The chosen files, each with its size, an STL model's measurements, and Remove (and Preview) buttons. */
export function PrintFileList({ files, stl, previewId, onPreview, onRemove }: PrintFileListProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Chosen files" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {files.map(({ id, file }) => {
        const state = stl.get(id);
        const summary = state?.status === 'ok' ? stlSummary(state.info) : null;
        return (
          <li key={id} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="break-all font-medium text-slate-900">{file.name}</p>
              <p className="text-sm text-slate-600">
                {kb(file.size)}
                {!isStlName(file.name) && ' · not an STL model (+ ₹150.00)'}
                {state?.status === 'reading' && ' · measuring…'}
              </p>
              {summary && (
                <p className="text-sm text-slate-700">
                  Size {summary.size} · volume {summary.volume}
                </p>
              )}
              {summary?.warning && (
                <p role="alert" className="text-sm font-medium text-amber-800">
                  {summary.warning}
                </p>
              )}
              {state?.status === 'error' && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {state.message}
                </p>
              )}
            </div>
            <div className="flex shrink-0 gap-2">
              {summary && (
                <button
                  type="button"
                  aria-pressed={previewId === id}
                  aria-label={`Preview ${file.name}`}
                  onClick={() => onPreview(id)}
                  className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
                >
                  Preview
                </button>
              )}
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(id)}
                className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
