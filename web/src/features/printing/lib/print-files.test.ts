import { describe, expect, it } from 'vitest';
import { MAX_PRINT_FILE_BYTES, MAX_PRINT_FILES } from '@shared/services.schemas';
import { addFiles, isStlName, priceText, removeFile, type FileLike } from './print-files';

const file = (name: string, size = 1000, lastModified = 1): FileLike => ({ name, size, lastModified });

describe('the file list of a 3D printing request', () => {
  it('adds files in the order picked, across several picks', () => {
    const first = addFiles([], [file('a.stl'), file('b.stl')]);
    const second = addFiles(first.files, [file('photo.png')]);
    expect(second.files.map((f) => f.file.name)).toEqual(['a.stl', 'b.stl', 'photo.png']);
    expect(second.problems).toEqual([]);
    expect(new Set(second.files.map((f) => f.id)).size).toBe(3);
  });

  it('does not add the same file twice, but does add a different file with the same name', () => {
    const { files } = addFiles([], [file('a.stl')]);
    expect(addFiles(files, [file('a.stl')]).files).toHaveLength(1);
    expect(addFiles(files, [file('a.stl', 2000)]).files).toHaveLength(2);
  });

  it('removes one file by id and can add it again afterwards', () => {
    const { files } = addFiles([], [file('a.stl'), file('b.stl'), file('c.png')]);
    const removed = removeFile(files, files[1]!.id);
    expect(removed.map((f) => f.file.name)).toEqual(['a.stl', 'c.png']);
    expect(addFiles(removed, [file('b.stl')]).files.map((f) => f.file.name)).toEqual(['a.stl', 'c.png', 'b.stl']);
  });

  it('leaves out files over the size limit and beyond the count limit, saying why', () => {
    const big = addFiles([], [file('huge.stl', MAX_PRINT_FILE_BYTES + 1), file('ok.stl')]);
    expect(big.files.map((f) => f.file.name)).toEqual(['ok.stl']);
    expect(big.problems).toEqual(['huge.stl is larger than 25 MB.']);

    const many = Array.from({ length: MAX_PRINT_FILES + 2 }, (_, i) => file(`part${i}.stl`));
    const full = addFiles([], many);
    expect(full.files).toHaveLength(MAX_PRINT_FILES);
    expect(full.problems).toEqual(['part10.stl was not added: send at most 10 files.', 'part11.stl was not added: send at most 10 files.']);
  });
});

describe('priceText', () => {
  it('shows ₹200.00 plus ₹150.00 per file that is not STL', () => {
    expect(priceText([])).toBe('₹200.00');
    const { files } = addFiles([], [file('a.stl'), file('B.STL'), file('sketch.png')]);
    expect(priceText(files)).toBe('₹350.00');
    expect(priceText(removeFile(files, files[2]!.id))).toBe('₹200.00');
    expect(priceText(addFiles(files, [file('plan.pdf')]).files)).toBe('₹500.00');
  });

  it('recognises STL names whatever their case', () => {
    expect(isStlName('Part.StL')).toBe(true);
    expect(isStlName('part.stl.png')).toBe(false);
  });
});
