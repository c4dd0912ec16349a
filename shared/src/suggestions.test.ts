import { describe, expect, it } from 'vitest';
import { filterSuggestions, searchUrl, SEARCH_SUGGESTIONS } from './suggestions';

describe('search suggestions', () => {
  it('filters the fixed entries by the typed text, ignoring case', () => {
    expect(filterSuggestions('KIT')).toEqual(['Robobox Kit', 'Mechatronics Kit', 'Blix Kit', 'Drone Kit']);
    expect(filterSuggestions('master')).toEqual(['Masterclass']);
    expect(filterSuggestions('')).toEqual([...SEARCH_SUGGESTIONS]);
    expect(filterSuggestions('zzz')).toEqual([]);
    expect(filterSuggestions('  drone ')).toEqual(['Drone Kit']);
  });

  it('builds the search address only for non-blank text', () => {
    expect(searchUrl('  drone kit ')).toBe('/searchquer?q=drone%20kit');
    expect(searchUrl('   ')).toBeNull();
    expect(searchUrl('a&b')).toBe('/searchquer?q=a%26b');
  });
});
