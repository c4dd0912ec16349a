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
