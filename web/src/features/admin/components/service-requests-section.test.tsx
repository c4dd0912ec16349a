import { describe, expect, it } from 'vitest';
import { listWords } from './admin-section';
import { serviceWords } from './service-requests-section';

describe('serviceWords: the words of the claims and 3D printing requests sections', () => {
  it("adds to the list's words its title, what the filter and toasts call the list, and one item by its number", () => {
    expect(serviceWords('Free Claims', ['claim', 'claims'])).toEqual({
      ...listWords(['claim', 'claims']),
      title: 'Free Claims',
      list: 'claims',
      item: 'Claim',
    });
  });

  it('calls the list by its longer name and one item by the noun', () => {
    const words = serviceWords('3D Printing Requests', ['request', 'requests'], ['3D printing request', '3D printing requests']);
    expect(words).toEqual({
      ...listWords(['request', 'requests'], ['3D printing request', '3D printing requests']),
      title: '3D Printing Requests',
      list: '3D printing requests',
      item: 'Request',
    });
  });
});
