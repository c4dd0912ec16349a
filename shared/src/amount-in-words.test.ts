import { describe, expect, it } from 'vitest';
import { indianNumberInWords, rupeesInWords } from './amount-in-words';

describe('amounts in words (Indian numbering)', () => {
  it.each([
    { paise: 1_062_00, words: 'Rupees One Thousand Sixty Two Only' },
    { paise: 84_75, words: 'Rupees Eighty Four and Seventy Five Paise Only' },
    { paise: 5, words: 'Rupees Zero and Five Paise Only' },
    { paise: 0, words: 'Rupees Zero Only' },
    { paise: 100_10, words: 'Rupees One Hundred and Ten Paise Only' },
  ])('reads rupees and paise: $paise paise is $words', ({ paise, words }) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it.each([
    [1_00_000, 'One Lakh'],
    [1_23_456, 'One Lakh Twenty Three Thousand Four Hundred Fifty Six'],
    [99_99_999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine'],
    [1_00_00_00_000, 'One Hundred Crore'],
    [1_00_000_00_00_000, 'One Lakh Crore'],
    [1_001, 'One Thousand One'],
    [10_00_019, 'Ten Lakh Nineteen'],
    [20, 'Twenty'],
    [110, 'One Hundred Ten'],
  ])('groups by thousand, lakh and crore: %i is %s', (n, words) => {
    expect(indianNumberInWords(n)).toBe(words);
  });

  it.each([-1, 1.5])('refuses %s, which is not an amount', (paise) => {
    expect(() => rupeesInWords(paise)).toThrow(RangeError);
  });
});
