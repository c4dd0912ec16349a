import { formatRupees } from '@shared/money';
import { MAX_PRINT_FILE_BYTES, MAX_PRINT_FILES, printPrice } from '@shared/services.schemas';

/** The parts of a File the list needs (a File is one). */
export type FileLike = { name: string; size: number; lastModified: number };

/** A file chosen for a 3D printing request, with an id that stays the same while it is in the list. */
export type PrintFile<F extends FileLike = File> = { id: string; file: F };

let nextId = 0;
const newId = () => `print-file-${++nextId}`;

const sameFile = (a: FileLike, b: FileLike) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
const MAX_MB = MAX_PRINT_FILE_BYTES / (1024 * 1024);

export function isStlName(name: string): boolean {
  return /\.stl$/i.test(name);
}

/**
 * Adds newly picked files to the list (SPEC.md §5: files can be added
 * repeatedly). A file already in the list is not added twice; files over the
 * size limit or beyond the count limit are left out, each with a message.
 */
export function addFiles<F extends FileLike>(list: PrintFile<F>[], picked: Iterable<F>): { files: PrintFile<F>[]; problems: string[] } {
  const files = [...list];
  const problems: string[] = [];
  for (const file of picked) {
    if (files.some((f) => sameFile(f.file, file))) continue;
    if (file.size > MAX_PRINT_FILE_BYTES) {
      problems.push(`${file.name} is larger than ${MAX_MB} MB.`);
    } else if (files.length >= MAX_PRINT_FILES) {
      problems.push(`${file.name} was not added: send at most ${MAX_PRINT_FILES} files.`);
    } else {
      files.push({ id: newId(), file });
    }
  }
  return { files, problems };
}

/** Removes one file from the list (SPEC.md §5: removed one by one). */
export function removeFile<F extends FileLike>(list: PrintFile<F>[], id: string): PrintFile<F>[] {
  return list.filter((f) => f.id !== id);
}

/** The price of the request as shown: ₹200.00 plus ₹150.00 per file that is not an STL model (SPEC.md §9). */
export function priceText(list: PrintFile<FileLike>[]): string {
  return formatRupees(printPrice(list.map((f) => f.file.name)));
}
