import { describe, expect, it } from 'vitest';
import { deletions, MAX_WORD_LENGTH, queryWords, tokenize, withinOneEdit } from './search-text';

describe('search text', () => {
  it('splits text into distinct lower-case words without accents or punctuation', () => {
    expect(tokenize('Robobox Kit - ROBOBOX kit, Café (4-DOF)!')).toEqual(['robobox', 'kit', 'cafe', '4', 'dof']);
    expect(tokenize("🤖 %_' ")).toEqual([]);
    expect(tokenize('--Ångström--çà  ñ')).toEqual(['angstrom', 'ca', 'n']);
  });

  it('drops words longer than 32 characters', () => {
    expect(MAX_WORD_LENGTH).toBe(32);
    const longest = 'a'.repeat(32);
    expect(tokenize(`kit ${longest} ${longest}b`)).toEqual(['kit', longest]);
  });

  it('keeps at most six query words', () => {
    expect(queryWords('a b c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('lists one-character deletions', () => {
    expect(deletions('drone').sort()).toEqual(['dron', 'drne', 'droe', 'dron', 'rone', 'done'].filter((v, i, a) => a.indexOf(v) === i).sort());
  });

  it.each([
    ['robbox', 'robobox', true],
    ['dron', 'drone', true],
    ['snesor', 'sensor', true],
    ['sensr', 'sensor', true],
    ['sansor', 'sensor', true],
    ['sensors', 'sensor', true],
    ['snsr', 'sensor', false],
    ['drone', 'robot', false],
    ['abc', 'abc', true],
    ['', '', true],
    ['', 'a', true],
    ['motor', 'moto', true],
    ['motor', 'mtr', false],
    ['motors', 'rotor', false],
    ['abcd', 'acbe', false],
    ['abcd', 'bxcd', false],
    ['abcd', 'xacd', false],
  ])('%s is within one edit of %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe('tokenize of ASCII texts (decision 090)', () => {
  /** tokenize as it was before its ASCII walk: the Unicode rules applied to every text. */
  const reference = (text: string) => [
    ...new Set(
      (
        text
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? []
      ).filter((w) => w.length <= MAX_WORD_LENGTH),
    ),
  ];

  it('finds the words the Unicode rules find, in the same order, for thousands of generated texts', () => {
    let seed = 29;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = 'abcXYZ019 -_.~%!@#[]`{}\t\n\u007f\u0000';
    for (let n = 0; n < 5000; n++) {
      const length = Math.floor(random() * 60);
      const text = Array.from({ length }, () =>
        random() < 0.05 ? 'q'.repeat(30 + Math.floor(random() * 5)) : alphabet[Math.floor(random() * alphabet.length)]!,
      ).join('');
      expect(tokenize(text)).toEqual(reference(text));
    }
  });

  it('still removes accents from texts that are not ASCII', () => {
    expect(tokenize('Ré-SUMÉ resume ｋｉｔ')).toEqual(reference('Ré-SUMÉ resume ｋｉｔ'));
    expect(tokenize('Ré-SUMÉ resume ｋｉｔ')).toEqual(['re', 'sume', 'resume', 'kit']);
  });
});

describe('withinOneEdit without arrays of characters (decision 096)', () => {
  /** The rule by code points: one insertion, deletion, substitution or swap of neighbours at most. */
  function reference(a: string, b: string): boolean {
    const x = [...a];
    const y = [...b];
    if (x.join('') === y.join('')) return true;
    const same = (p: string[], q: string[]) => p.length === q.length && p.every((c, i) => c === q[i]);
    for (let i = 0; i < x.length; i++) if (same([...x.slice(0, i), ...x.slice(i + 1)], y)) return true;
    for (let i = 0; i < y.length; i++) if (same([...y.slice(0, i), ...y.slice(i + 1)], x)) return true;
    if (x.length !== y.length) return false;
    const diff = x.flatMap((c, i) => (c === y[i] ? [] : [i]));
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && x[diff[0]!] === y[diff[1]!] && x[diff[1]!] === y[diff[0]!];
  }

  it('agrees with the rule on generated pairs, with and without surrogate pairs', () => {
    let seed = 96;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const letters = ['a', 'b', 'c', 'd', '😀', '🤖'];
    const word = (ascii: boolean) => Array.from({ length: 1 + Math.floor(random() * 6) }, () => letters[Math.floor(random() * (ascii ? 4 : 6))]!).join('');
    const edit = (w: string) => {
      const c = [...w];
      const i = Math.floor(random() * c.length);
      const kind = Math.floor(random() * 4);
      if (kind === 0) c.splice(i, 1);
      else if (kind === 1) c.splice(i, 0, letters[Math.floor(random() * 6)]!);
      else if (kind === 2) c[i] = letters[Math.floor(random() * 6)]!;
      else if (i + 1 < c.length) [c[i], c[i + 1]] = [c[i + 1]!, c[i]!];
      return c.join('');
    };
    for (let n = 0; n < 4000; n++) {
      const a = word(n % 2 === 0);
      const b = random() < 0.3 ? word(n % 2 === 0) : random() < 0.5 ? edit(a) : edit(edit(a));
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(reference(a, b));
    }
  });
});
