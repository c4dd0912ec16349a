import { useQueries } from '@tanstack/react-query';
import { parseStl, StlError, type StlInfo } from '@shared/stl';
import { isStlName, type PrintFile } from '../lib/print-files';

export type StlState = { status: 'reading' } | { status: 'ok'; info: StlInfo } | { status: 'error'; message: string };

async function readStlInfo(file: File): Promise<StlInfo> {
  return parseStl(new Uint8Array(await file.arrayBuffer()));
}

/** Reads and measures every STL file of the list in the browser, once per file; keyed by the list's ids. */
export function useStlInfos(files: PrintFile[]): Map<string, StlState> {
  const stl = files.filter((f) => isStlName(f.file.name));
  return useQueries({
    queries: stl.map((f) => ({
      queryKey: ['stl-info', f.id],
      queryFn: () => readStlInfo(f.file),
      staleTime: Infinity,
      retry: false,
    })),
    combine: (results) =>
      new Map(
        results.map((r, i): [string, StlState] => [
          stl[i]!.id,
          r.isSuccess
            ? { status: 'ok', info: r.data }
            : r.isError
              ? { status: 'error', message: r.error instanceof StlError ? r.error.message : 'The file could not be read.' }
              : { status: 'reading' },
        ]),
      ),
  });
}
