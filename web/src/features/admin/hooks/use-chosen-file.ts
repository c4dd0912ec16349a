import { useRef, useState, type ChangeEvent } from 'react';

/**
 * The file chosen in a single-file input (a pincode list, a logo): the input's ref and onChange,
 * and `clear` to empty both once the file is uploaded, so the same file can be chosen again.
 */
export function useChosenFile() {
  const ref = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  return {
    file,
    input: { ref, onChange: (e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null) },
    clear: () => {
      setFile(null);
      if (ref.current) ref.current.value = '';
    },
  };
}
