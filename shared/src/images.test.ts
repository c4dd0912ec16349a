import { describe, expect, it } from 'vitest';
import { renditionPath, srcSet } from './images';

describe('image renditions', () => {
  it.each([
    ['/uploads/p/a.png', '/uploads/p/a.w320.webp'],
    ['/uploads/p/photo.final.JPG', '/uploads/p/photo.final.w320.webp'],
    ['/uploads/p/a', '/uploads/p/a.w320.webp'],
    ['/uploads/v1.2/a', '/uploads/v1.2/a.w320.webp'],
    ['a.png', 'a.w320.webp'],
    ['a', 'a.w320.webp'],
  ])('the 320 px rendition of %s is %s', (path, expected) => {
    expect(renditionPath(path, 320)).toBe(expected);
  });

  it('lists every width in the srcset, on the backend given or the same origin', () => {
    expect(srcSet('/uploads/p/a.png')).toBe(
      '/uploads/p/a.w160.webp 160w, /uploads/p/a.w320.webp 320w, /uploads/p/a.w640.webp 640w, /uploads/p/a.w1024.webp 1024w',
    );
    expect(srcSet('/uploads/a.png', 'https://api.example.com')).toBe(
      'https://api.example.com/uploads/a.w160.webp 160w, https://api.example.com/uploads/a.w320.webp 320w, https://api.example.com/uploads/a.w640.webp 640w, https://api.example.com/uploads/a.w1024.webp 1024w',
    );
  });
});
