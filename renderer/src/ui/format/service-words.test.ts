import { describe, expect, it } from 'vitest';
import { serviceWords } from './service-words';

describe('serviceWords', () => {
  it('says service codes in words', () => {
    for (const [code, words] of [
      ['next_day', 'Next day'],
      ['EXPRESS_SAVER', 'Express saver'],
      ['two_man_lift', 'Two man lift'],
      ['standard', 'Standard'],
    ]) {
      expect(serviceWords(code), code).toBe(words);
    }
  });
  it('gives nothing for no service', () => {
    for (const none of ['', null, 7]) expect(serviceWords(none), String(none)).toBeNull();
  });
});
