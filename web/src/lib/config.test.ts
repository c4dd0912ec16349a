import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, homeSiteLink, parseConfig } from './config';

describe('parseConfig', () => {
  it('falls back to the defaults without a config tag or with broken JSON', () => {
    expect(parseConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseConfig('{not json')).toEqual(DEFAULT_CONFIG);
    expect(parseConfig('[1,2]')).toEqual(DEFAULT_CONFIG);
  });

  it('takes the server values field by field and keeps defaults for missing ones', () => {
    const config = parseConfig(JSON.stringify({ shopName: 'Kits Co', homeSiteUrl: 'https://kits.example/', links: { about: 'https://kits.example/about' } }));
    expect(config.shopName).toBe('Kits Co');
    expect(config.homeSiteUrl).toBe('https://kits.example');
    expect(config.links.about).toBe('https://kits.example/about');
    expect(config.links.privacy).toBe(DEFAULT_CONFIG.links.privacy);
  });
});

describe('homeSiteLink', () => {
  it('joins the home site and a path with exactly one slash', () => {
    expect(homeSiteLink('/insights-to-robotics/', 'https://kits.example/')).toBe('https://kits.example/insights-to-robotics/');
    expect(homeSiteLink('all-in-one-masterclass/', 'https://kits.example')).toBe('https://kits.example/all-in-one-masterclass/');
  });
});
