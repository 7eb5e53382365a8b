import { describe, expect, it } from 'vitest';
import { returnEvents, returnPhotos, riskFactors } from './return-values';

describe('return values', () => {
  it('order events as a history, oldest first, untimed last', () => {
    const events = returnEvents([
      { type: 'approved', at: '2026-11-10T03:00:00Z', actor: 'Sofia' },
      'a loose note',
      { type: 'requested', at: '2026-11-09T07:00:00Z', note: '' },
    ]);
    expect(events.map((e) => e.type ?? e.note)).toEqual(['requested', 'approved', 'a loose note']);
    expect(events[1]?.actor).toBe('Sofia');
    expect(returnEvents(null)).toEqual([]);
  });

  it('turn photos into safe links', () => {
    expect(
      returnPhotos([
        'https://cdn.example.com/p1.jpg',
        { url: 'javascript:alert(1)', caption: 'Bad' },
        { src: 'http://x/p3.jpg' },
      ]),
    ).toEqual([
      { url: 'https://cdn.example.com/p1.jpg', label: 'Photo 1' },
      { url: null, label: 'Bad' },
      { url: 'http://x/p3.jpg', label: 'Photo 3' },
    ]);
    expect(returnPhotos({})).toEqual([]);
  });

  it('read risk factors as words', () => {
    expect(riskFactors(['high_return_rate', { code: 'new_customer' }, 3, null])).toEqual([
      'high_return_rate',
      'new_customer',
      '3',
    ]);
    expect(riskFactors('serial_returner')).toEqual(['serial_returner']);
  });
});
