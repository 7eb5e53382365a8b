// @vitest-environment jsdom
/**
 * The Floor view as a supervisor reads it: stations with who is signed in, open claims in
 * words, batches with their progress, today's totals, and the per-hour chart as a picture
 * (an SVG with one bar per hour that has packs, named in words) — and a station with no
 * floor says where to set one up instead of showing empty sections.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorOverview } from '../../../../shared/contract/floor-overview-values';
import type { FloorPackConflictView } from '../../../../shared/contract/floor-pack-values';
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
  repacksToday: 2,
};

const twice: FloorPackConflictView = {
  id: 7,
  orderId: 1234,
  orderName: '#1234',
  first: { station: 'Station 2', packer: 'Ana', packedAt: at(10, 42), offline: true },
  second: { station: 'Station 3', packer: 'Ben', packedAt: at(10, 44), offline: true },
  foundAt: at(10, 50),
  resolved: null,
};
const sorted: FloorPackConflictView = {
  ...twice,
  id: 5,
  orderId: 1201,
  orderName: '#1201',
  first: { ...twice.first, offline: false },
  resolved: { by: 'Cleo', at: at(9, 15), note: 'second parcel unpacked' },
};
const noConflicts = ok({ conflicts: [], message: null });

describe('the Floor view', () => {
  it('shows the floor at a glance, in words, with the hours as a chart', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(
      stubClient({ floorOverview: ok(floor), floorPackConflicts: noConflicts }),
      <FloorView />,
    );
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
    // The two repacks are their own figure, not two more orders.
    expect(screen.getByTestId('repacks-today').textContent).toBe(
      'Repacks today: 2 (orders packed again, counted once above)',
    );
    const chart = screen.getByRole('img', {
      name: 'Orders packed per hour today: 19 in all; the busiest hour was 09:00 with 12.',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    expect(await screen.findByText('No order was packed twice.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(false);
    expect(reactErrors(errors)).toEqual([]);
  });

  it('lists the orders packed twice in words, the open ones to sort out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(
      stubClient({
        floorOverview: ok(floor),
        floorPackConflicts: ok({ conflicts: [twice, sorted], message: null }),
      }),
      <FloorView />,
    );
    await screen.findByRole('heading', { name: 'Packed twice (1 to sort out)' });
    const items = screen.getByRole('list', { name: 'Orders packed twice' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'Order #1234 was packed at Station 2 (Ana, 10:42) and at Station 3 (Ben, 10:44) while the floor was offline.' +
        'Not sorted out yet' +
        'Sorted out',
      'Order #1201 was packed at Station 2 (Ana, 10:42) and at Station 3 (Ben, 10:44) while the floor was offline at Station 3.' +
        'Sorted out by Cleo at 09:15: second parcel unpacked',
    ]);
    expect(reactErrors(errors)).toEqual([]);
  });

  it('says why the orders packed twice could not be read, and the rest still shows', async () => {
    renderWith(
      stubClient({
        floorOverview: ok(floor),
        floorPackConflicts: ok({ conflicts: [], message: 'The floor database does not answer.' }),
      }),
      <FloorView />,
    );
    expect(
      await screen.findByText(
        'The orders packed twice could not be read: The floor database does not answer.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Open claims' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Orders packed twice' })).toBeNull();
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
    expect(rows.some((r) => r[0] === 'Packed twice')).toBe(false);
    expect(rows).toContainEqual([
      'Repacks today',
      '',
      2,
      'Orders packed again; counted once above',
    ]);
  });

  it('the CSV lists the orders packed twice after the open claims, as on screen', () => {
    const { rows } = floorTable(floor, [twice, sorted]);
    expect(rows.slice(3, 5)).toEqual([
      [
        'Packed twice',
        '#1234',
        'Not sorted out yet',
        'Order #1234 was packed at Station 2 (Ana, 10:42) and at Station 3 (Ben, 10:44) while the floor was offline',
      ],
      [
        'Packed twice',
        '#1201',
        'Sorted out by Cleo at 09:15: second parcel unpacked',
        'Order #1201 was packed at Station 2 (Ana, 10:42) and at Station 3 (Ben, 10:44) while the floor was offline at Station 3',
      ],
    ]);
  });

  it('a pack on another day says which day', () => {
    const yesterday = new Date(at(10, 42));
    yesterday.setDate(yesterday.getDate() - 1);
    const c = { ...twice, first: { ...twice.first, packedAt: yesterday.toISOString() } };
    expect(floorTable(floor, [c]).rows[3]?.[3]).toMatch(
      /^Order #1234 was packed at Station 2 \(Ana, \d{1,2} [A-Z][a-z]{2,} 10:42\) and at Station 3 \(Ben, 10:44\)/,
    );
  });

  it('marks an order packed twice sorted out from its row, with a note, and reads the list again', async () => {
    const user = userEvent.setup();
    const resolvedNow = { ...twice, resolved: { by: 'Cleo', at: at(10, 52), note: 'voided one' } };
    const floorPackConflicts = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, value: { conflicts: [twice], message: null } })
      .mockResolvedValue({ ok: true, value: { conflicts: [resolvedNow], message: null } });
    const floorPackConflictResolve = vi.fn(ok({ resolved: true, message: null }));
    renderWith(
      stubClient({ floorOverview: ok(floor), floorPackConflicts, floorPackConflictResolve }),
      <FloorView />,
    );
    await user.click(await screen.findByRole('button', { name: 'Sorted out: order #1234' }));
    const form = screen.getByRole('form', { name: 'Sort out order #1234' });
    await user.type(within(form).getByLabelText('What was done'), 'voided one');
    await user.click(within(form).getByRole('button', { name: 'Mark sorted out' }));
    expect(floorPackConflictResolve).toHaveBeenCalledWith({ id: 7, note: 'voided one' });
    expect(await screen.findByText('Sorted out by Cleo at 10:52: voided one')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Packed twice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sorted out:/ })).toBeNull();
  });

  it('says so when another station sorted the order out first, and keeps the note', async () => {
    const user = userEvent.setup();
    renderWith(
      stubClient({
        floorOverview: ok(floor),
        floorPackConflicts: ok({ conflicts: [twice], message: null }),
        floorPackConflictResolve: ok({
          resolved: false,
          message: 'This order was already marked sorted out (perhaps at another station).',
        }),
      }),
      <FloorView />,
    );
    await user.click(await screen.findByRole('button', { name: 'Sorted out: order #1234' }));
    const form = screen.getByRole('form', { name: 'Sort out order #1234' });
    await user.type(within(form).getByLabelText('What was done'), 'found both');
    await user.click(within(form).getByRole('button', { name: 'Mark sorted out' }));
    expect(
      await within(form).findByText(
        'This order was already marked sorted out (perhaps at another station).',
      ),
    ).toBeTruthy();
    expect((within(form).getByLabelText('What was done') as HTMLInputElement).value).toBe(
      'found both',
    );
  });
});
