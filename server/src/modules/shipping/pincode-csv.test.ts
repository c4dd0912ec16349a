import { describe, expect, it } from 'vitest';
import { parsePincodeCsv } from './pincode-csv';

describe('the pincode list (CSV)', () => {
  it('reads good rows and reports bad ones with their line numbers', () => {
    const csv = [
      '\uFEFFpincode,zone,COD,days',
      '411001,local,yes,1-2',
      '"110001", National ,no,',
      '',
      '011001,local,yes,3',
      '41100,local,yes,3',
      '560001,,yes,3',
      '560002,regional,maybe,3',
      '560003,regional,1,soon',
      '411001,local,no,2',
      '600001,special,true',
      '799001,special,0,7-10\r',
    ].join('\r\n');
    const parsed = parsePincodeCsv(csv);
    expect(parsed).toEqual({
      rows: [
        { pincode: '411001', zone: 'local', cod: 1, days: '1-2' },
        { pincode: '110001', zone: 'national', cod: 0, days: null },
        { pincode: '799001', zone: 'special', cod: 0, days: '7-10' },
      ],
      errors: [
        { line: 5, reason: '"011001" is not a 6-digit pincode (it cannot start with 0)' },
        { line: 6, reason: '"41100" is not a 6-digit pincode (it cannot start with 0)' },
        { line: 7, reason: 'Zone must be 1 to 30 letters, digits, spaces, - or _' },
        { line: 8, reason: 'COD must be yes or no, not "maybe"' },
        { line: 9, reason: 'Days must be a number of days or a range such as 3-5' },
        { line: 10, reason: 'Pincode 411001 is listed already on line 2' },
        { line: 11, reason: 'Expected 4 fields (pincode,zone,cod,days), found 3' },
      ],
    });
  });

  it('refuses a file without the header', () => {
    expect(parsePincodeCsv('411001,local,yes,3\n')).toEqual({ headerError: 'The first line must be the header pincode,zone,cod,days' });
    expect(parsePincodeCsv('')).toHaveProperty('headerError');
  });
});
