import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinMessages, gstinProblem } from './gstin';

describe('GSTIN checks', () => {
  it('accepts real GSTINs, whose check characters agree', () => {
    // Two published GSTINs and the test shop's.
    for (const g of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '27ABCDE1234F1Z0']) expect(gstinProblem(g)).toBeNull();
  });

  it('computes the check character as the base-36 weighted sum mod 36', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinCheckCharacter('27AAPFU0939F1?')).toBeNull();
  });

  it('refuses a wrong check character, naming the right one', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(gstinMessages.checksum('V'));
    // One character mistyped changes the check character.
    expect(gstinProblem('27AAPFU0938F1ZV')).toMatch(/check character/);
  });

  it('says what is wrong with the shape', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(gstinMessages.length(14));
    expect(gstinProblem('27AAPFU0939F1Z-')).toBe(gstinMessages.characters);
    expect(gstinProblem('00AAPFU0939F1ZV')).toBe(gstinMessages.stateCode);
    expect(gstinProblem('39AAPFU0939F1ZV')).toBe(gstinMessages.stateCode);
    expect(gstinProblem('38AAPFU0939F1ZV')).not.toBe(gstinMessages.stateCode);
    expect(gstinProblem('01AAPFU0939F1ZV')).not.toBe(gstinMessages.stateCode);
    expect(gstinProblem('27AAPF10939F1ZV')).toBe(gstinMessages.pan);
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe(gstinMessages.entity);
    expect(gstinProblem('27AAPFU0939F1YV')).toBe(gstinMessages.fourteenth);
  });
});
