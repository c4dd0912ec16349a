import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_PREFS, parseDisplayPrefs } from './use-display-prefs';

describe('parseDisplayPrefs', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(parseDisplayPrefs(null)).toEqual(DEFAULT_DISPLAY_PREFS);
  });

  it('reads a stored layout and size', () => {
    expect(parseDisplayPrefs('{"layout":"grid","size":"large"}')).toEqual({ layout: 'grid', size: 'large' });
  });

  it('replaces unknown or malformed values by the defaults', () => {
    expect(parseDisplayPrefs('{"layout":"list","size":"small"}')).toEqual({ layout: 'carousel', size: 'small' });
    expect(parseDisplayPrefs('{"layout":"grid","size":42}')).toEqual({ layout: 'grid', size: 'medium' });
    expect(parseDisplayPrefs('not json')).toEqual(DEFAULT_DISPLAY_PREFS);
    expect(parseDisplayPrefs('null')).toEqual(DEFAULT_DISPLAY_PREFS);
  });
});
