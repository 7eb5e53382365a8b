import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkExternalUrl, isAllowedHost } from './external-links';

describe('checkExternalUrl', () => {
  it.each([
    'https://www.ups.com/track?tracknum=1Z999',
    'https://ups.com/',
    'https://www.fedex.com/fedextrack/?trknbr=1234',
    'https://track.ups.example/t/1Z999',
    'https://admin.shopify.com/store/x/orders/1',
    'https://WWW.UPS.COM./track',
  ])('opens %s', (url) => {
    const verdict = checkExternalUrl(url);
    expect(verdict.ok).toBe(true);
  });

  it('opens the parsed form, not the raw text', () => {
    expect(checkExternalUrl('https://WWW.UPS.com/a b'.replace(' ', '%20'))).toEqual({
      ok: true,
      url: 'https://www.ups.com/a%20b',
    });
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JavaScript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'control'],
    ['file:///etc/passwd', 'file'],
    ['file://ups.com/share', 'file'],
    ['http://www.ups.com/', 'http'],
    ['smb://ups.com/x', 'smb'],
    ['ms-settings:', 'ms-settings'],
    ['data:text/html,<script>1</script>', 'data'],
    ['https://user:pass@www.ups.com/', 'credentials'],
    ['https://www.ups.com@evil.com/', 'credentials or host'],
    ['https://ups.com.evil.com/', 'lookalike suffix'],
    ['https://evilups.com/', 'lookalike prefix'],
    ['https://ups.co/', 'lookalike tld'],
    ['https://xn--us-ysd.com/', 'punycode homoglyph'],
    ['https://uрs.com/', 'Cyrillic homoglyph'],
    ['https://www.ups.com:8443/', 'port'],
    ['https://127.0.0.1/', 'IP'],
    ['https://[::1]/', 'IPv6'],
    ['https://0x7f000001/', 'hex IP'],
    ['https:ups.com', 'no slashes'],
    ['https:\\\\evil.com\\ups.com', 'backslashes'],
    [' https://www.ups.com/', 'leading space'],
    ['https://www.ups.com/\n', 'newline'],
    ['', 'empty'],
    [`https://www.ups.com/${'a'.repeat(3000)}`, 'too long'],
  ])('refuses %s (%s)', (url) => {
    const verdict = checkExternalUrl(url);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason.length).toBeGreaterThan(3);
  });

  it('refuses anything that is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['https://ups.com']]) {
      expect(checkExternalUrl(value).ok).toBe(false);
    }
  });

  it('accepts only https URLs on an allowed domain, whatever the input (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        (raw) => {
          const verdict = checkExternalUrl(raw, ['ups.com']);
          if (!verdict.ok) return;
          const url = new URL(verdict.url);
          expect(url.protocol).toBe('https:');
          expect(url.username + url.password).toBe('');
          expect(url.hostname === 'ups.com' || url.hostname.endsWith('.ups.com')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isAllowedHost', () => {
  it('matches on a dot boundary only', () => {
    expect(isAllowedHost('ups.com', ['ups.com'])).toBe(true);
    expect(isAllowedHost('a.b.ups.com', ['ups.com'])).toBe(true);
    expect(isAllowedHost('aups.com', ['ups.com'])).toBe(false);
    expect(isAllowedHost('ups.com.evil', ['ups.com'])).toBe(false);
    expect(isAllowedHost('', ['ups.com'])).toBe(false);
    expect(isAllowedHost('a..ups.com', ['ups.com'])).toBe(false);
  });
});
