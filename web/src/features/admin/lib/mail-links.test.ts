import { describe, expect, it } from 'vitest';
import { mailParts } from './mail-links';

describe('mailParts', () => {
  it('finds http and https links, leaving a trailing full stop outside', () => {
    expect(mailParts('Verify: http://shop.test/verify-email?token=a.b-c. Thanks')).toEqual([
      { text: 'Verify: ' },
      { text: 'http://shop.test/verify-email?token=a.b-c', href: 'http://shop.test/verify-email?token=a.b-c' },
      { text: '. Thanks' },
    ]);
  });
  it('leaves text without links alone, and never links other schemes', () => {
    expect(mailParts('No links here')).toEqual([{ text: 'No links here' }]);
    expect(mailParts('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
