import { describe, expect, it } from 'vitest';
import { resolveApiOrigin } from './client';

describe('API origin', () => {
  const location = { protocol: 'https:', host: 'resa.montgolfiere.fr' };

  it('calls the same origin by default', () => {
    expect(resolveApiOrigin(undefined, location)).toBe('');
    expect(resolveApiOrigin('', location)).toBe('');
  });

  it('prefixes the current host with api. for a split deployment', () => {
    expect(resolveApiOrigin('api-subdomain', location)).toBe('https://api.resa.montgolfiere.fr');
  });

  it('takes an explicit origin as given, without a trailing slash', () => {
    expect(resolveApiOrigin('https://api.example.fr/', location)).toBe('https://api.example.fr');
  });
});
