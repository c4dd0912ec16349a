/**
 * Text rules of catalogue search, shared by indexing and querying so both see
 * the same words: lower case, accents removed, split on anything that is not a
 * letter or digit.
 */

const MAX_QUERY_WORDS = 6;
export const MAX_WORD_LENGTH = 32;
/** Words shorter than this are matched exactly or by prefix, never by typo. */
export const MIN_FUZZY_LENGTH = 4;

/** Distinct normalised words of a text, in order of first appearance. */
export function tokenize(text: string): string[] {
  return NOT_ASCII.test(text) ? tokenizeUnicode(text) : tokenizeAscii(text);
}

const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * tokenize of a text of ASCII characters only (every text a search box sends without accents):
 * there NFKD changes nothing, there are no marks, and the letters and digits are a-z, A-Z and 0-9,
 * so one walk over the characters finds the same words without the Unicode regular expressions
 * (a tenth of a never-asked search's CPU; decision 090).
 */
function tokenizeAscii(text: string): string[] {
  const lower = text.toLowerCase();
  const words = new Set<string>();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    const wordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (wordChar) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    if (i - start <= MAX_WORD_LENGTH) words.add(lower.slice(start, i));
    start = -1;
  }
  return [...words];
}

function tokenizeUnicode(text: string): string[] {
  const words = (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((w) => w.length <= MAX_WORD_LENGTH);
  return [...new Set(words)];
}

/** The words of a shopper's query that search uses (at most MAX_QUERY_WORDS). */
export function queryWords(query: string): string[] {
  return tokenize(query).slice(0, MAX_QUERY_WORDS);
}

/** A UTF-16 unit of a surrogate pair: where it is absent, a character is one unit of the string. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** The number of characters (code points) of a word, without an array of them for a word with no surrogate pairs. */
export function characterCount(word: string): number {
  return SURROGATE.test(word) ? [...word].length : word.length;
}

/** Every string made by deleting one character of the word. */
export function deletions(word: string): string[] {
  const out = new Set<string>();
  // Without surrogate pairs a character is a UTF-16 unit: slices of the string itself, no arrays (typo expansion of every query word).
  if (!SURROGATE.test(word)) {
    for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
    return [...out];
  }
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  }
  return [...out];
}

/**
 * True when a and b differ by at most one edit: an insertion, a deletion,
 * a substitution or a swap of two neighbouring characters.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  // Without surrogate pairs the strings themselves are the lists of characters: no arrays made
  // (every typo candidate of a never-asked search is checked here; decision 096).
  const whole = SURROGATE.test(a) || SURROGATE.test(b);
  const x = whole ? [...a] : a;
  const y = whole ? [...b] : b;
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  // a !== b, so they differ somewhere; past its end a word's character is undefined.
  while (x[i] === y[i]) i++;
  const rest = (s: string | string[], from: number) => (typeof s === 'string' ? s.slice(from) : s.slice(from).join(''));
  if (x.length === y.length) {
    if (rest(x, i + 1) === rest(y, i + 1)) return true; // substitution
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2); // swap
  }
  return x.length > y.length ? rest(x, i + 1) === rest(y, i) : rest(x, i) === rest(y, i + 1);
}
