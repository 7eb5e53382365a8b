import { describe, expect, it } from 'vitest';
import { isTrustedSenderUrl } from './sender-check';

const trusted = [
  'app://packbench',
  'app://packbench/',
  'app://packbench/index.html',
  'app://packbench/index.html#/orders/42',
  'app://packbench/index.html?view=returns',
  'app://packbench?x=1',
  'app://packbench#top',
];

const hostile: (string | undefined)[] = [
  undefined,
  '',
  'null',
  // Lookalike hosts and user info
  'app://packbench.evil',
  'app://packbench.evil/index.html',
  'app://packbench@evil',
  'app://packbench@evil/index.html',
  'app://evil@packbench/',
  'app://user:pw@packbench/',
  'app://packbench:443/',
  'app://packbench:/',
  'app://packbenchx/',
  'app://xpackbench/',
  'app://pack%62ench/',
  'app://PACKBENCH/',
  'APP://packbench/',
  'app:packbench/',
  'app:/packbench/',
  'app:\\\\packbench\\',
  'app:///packbench/',
  'app://packbench\\.evil/',
  'app://packbench\t.evil/',
  ' app://packbench/',
  '\napp://packbench/',
  // Unicode lookalikes: Cyrillic а, fullwidth letters, a zero-width space
  'app://pаckbench/',
  'app://ｐａｃｋｂｅｎｃｈ/',
  'app://pack\u200bbench/',
  // Other schemes and opaque origins
  'file:///',
  'file:///opt/Packbench/resources/app.asar/index.html',
  'http://localhost',
  'http://localhost:5173/',
  'http://127.0.0.1/',
  'https://packbench/',
  'https://packbench.example.com/',
  'about:blank',
  'about:srcdoc',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:app://packbench/0b1c',
  'chrome-extension://abcdef/',
  'devtools://devtools/bundled/inspector.html',
  'view-source:app://packbench/',
  'app://',
  'app:// packbench/',
  `app://packbench/${'a'.repeat(10_000)}`,
];

describe('isTrustedSenderUrl', () => {
  it.each(trusted)('trusts the app page %s', (url) => {
    expect(isTrustedSenderUrl(url)).toBe(true);
  });

  it.each(hostile.map((url) => [String(url).slice(0, 80), url]))('refuses %s', (_label, url) => {
    expect(isTrustedSenderUrl(url)).toBe(false);
  });

  it('refuses non-strings that slipped past the types', () => {
    for (const value of [null, 42, {}, ['app://packbench/'], new String('app://packbench/')]) {
      expect(isTrustedSenderUrl(value as unknown as string)).toBe(false);
    }
  });

  it('honours another app origin, such as the dev server', () => {
    expect(isTrustedSenderUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedSenderUrl('http://localhost:5173.evil/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedSenderUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedSenderUrl('app://packbench/', 'http://localhost:5173')).toBe(false);
  });

  it('fails closed on a malformed or non-canonical app origin', () => {
    for (const origin of [
      '',
      'packbench',
      'app://',
      'app://packbench/',
      'app://PackBench',
      'app://a@packbench',
      'http://localhost:80',
    ]) {
      expect(isTrustedSenderUrl('app://packbench/', origin)).toBe(false);
    }
  });
});
