// @vitest-environment jsdom
/**
 * The Floor view as a supervisor reads it: stations with who is signed in, open claims in
 * words, batches with their progress, today's totals, and the per-hour chart as a picture
 * (an SVG with one bar per hour that has packs, named in words) — and a station with no
 * floor says where to set one up instead of showing empty sections.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorOverview } from '../../../../shared/contract/floor-overview-values';
import { ok, reactErrors, renderWith, stubClient } from '../../test-support/stub-bridge';
import { FloorView } from './floor-view';
import { floorTable } from './floor-words';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const at = (h: number, m = 0) => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d.toISOString();
};

const hours = Array.from({ length: 24 }, (_, hour) => ({
  hour,
  orders: hour === 9 ? 12 : hour === 10 ? 7 : 0,
}));

const floor: FloorOverview = {
  status: 'online',
  problem: null,
  at: at(10, 45),
  stations: [
    {
      name: 'Station 1',
      online: true,
      lastSeen: at(10, 45),
      signedIn: 'Ana',
      signedInSince: at(8),
    },
    { name: 'Station 2', online: false, lastSeen: at(9, 30), signedIn: null, signedInSince: null },
  ],
  claims: [{ orderName: '#1042', station: 'Station 1', packer: 'Ana', since: at(10, 42) }],
  batches: [
    {
      title: '40 labels',
      station: 'Office desk',
      startedBy: 'Cleo',
      reached: 14,
      total: 40,
      state: 'interrupted',
      holder: null,
      reason: null,
    },
  ],
  packedByStation: [
    { name: 'Station 1', orders: 15 },
    { name: 'Station 2', orders: 4 },
  ],
  packedByPacker: [{ name: 'Ana', orders: 19 }],
  packedPerHour: hours,
};

describe('the Floor view', () => {
  it('shows the floor at a glance, in words, with the hours as a chart', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(stubClient({ floorOverview: ok(floor) }), <FloorView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Floor' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Stations (1 of 2 online)' });
    expect(screen.getByText('Ana since 08:00')).toBeTruthy();
    expect(screen.getByText('Not seen since 09:30')).toBeTruthy();
    const claims = screen.getByRole('list', { name: 'Open claims' });
    expect(claims.textContent).toBe('Order #1042 being packed at Station 1 by Ana since 10:42');
    expect(
      screen.getByText(
        'Interrupted at Office desk: 14 of 40 printed; the rest can be printed from any station',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders packed today: 19' })).toBeTruthy();
    const chart = screen.getByRole('img', {
      name: 'Orders packed per hour today: 19 in all; the busiest hour was 09:00 with 12.',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(false);
    expect(reactErrors(errors)).toEqual([]);
  });

  it('a station with no floor says where to set one up', async () => {
    renderWith(
      stubClient({
        floorOverview: ok({
          ...floor,
          status: 'not-configured',
          stations: [],
          claims: [],
          batches: [],
        }),
      }),
      <FloorView />,
    );
    await screen.findByRole('heading', { name: 'This station is not on a floor' });
    expect(screen.getByText(/Settings → Floor/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(true);
  });

  it('the CSV holds every section as on screen', () => {
    const { header, rows } = floorTable(floor);
    expect(header).toEqual(['Section', 'Name', 'Value', 'Detail']);
    expect(rows.slice(0, 3)).toEqual([
      ['Station', 'Station 1', 'Online', 'Ana since 08:00'],
      ['Station', 'Station 2', 'Not seen since 09:30', 'Nobody signed in'],
      ['Open claim', '#1042', 'Station 1', 'Ana since 10:42'],
    ]);
    expect(rows.filter((r) => r[0] === 'Packed in hour')).toHaveLength(24);
    expect(rows).toContainEqual(['Packed in hour', '09:00–10:00', 12, '']);
  });
});
