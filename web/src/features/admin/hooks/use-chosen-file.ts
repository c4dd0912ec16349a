import { useRef, useState, type ChangeEvent } from 'react';

/**
 * The file chosen in a single-file input (a pincode list, a logo): the input's ref and onChange;
 * `take` on submit, which gives the file (clearing the error) or, when none is chosen, null with
 * `missing` as the error; `setError` for a failed upload; and `clear` to empty the input once the
 * file is uploaded, so the same file can be chosen again.
 */
export function useChosenFile(missing: string) {
  const ref = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    input: { ref, onChange: (e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null) },
    error,
    setError,
    take: (): File | null => {
      setError(file ? null : missing);
      return file;
    },
    clear: () => {
      setFile(null);
      if (ref.current) ref.current.value = '';
    },
  };
}
