import { describe, expect, it } from 'vitest';
import { indianNumberInWords, rupeesInWords } from './amount-in-words';

describe('amounts in words (Indian numbering)', () => {
  it('reads rupees and paise', () => {
    expect(rupeesInWords(1_062_00)).toBe('Rupees One Thousand Sixty Two Only');
    expect(rupeesInWords(84_75)).toBe('Rupees Eighty Four and Seventy Five Paise Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(100_10)).toBe('Rupees One Hundred and Ten Paise Only');
  });

  it('groups by thousand, lakh and crore', () => {
    expect(indianNumberInWords(1_00_000)).toBe('One Lakh');
    expect(indianNumberInWords(1_23_456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(indianNumberInWords(99_99_999)).toBe('Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(indianNumberInWords(1_00_00_000)).toBe('One Crore');
    expect(indianNumberInWords(12_34_56_789)).toBe('Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine');
    expect(indianNumberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(indianNumberInWords(1_00_000_00_00_000)).toBe('One Lakh Crore');
    expect(indianNumberInWords(1_001)).toBe('One Thousand One');
    expect(indianNumberInWords(10_00_019)).toBe('Ten Lakh Nineteen');
    expect(indianNumberInWords(20)).toBe('Twenty');
    expect(indianNumberInWords(110)).toBe('One Hundred Ten');
  });

  it('refuses what is not an amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });
});
