import { describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import { applyJobEvent, groupByPrinter, lastLabelJob } from './job-list';

const job = (id: string, over: Partial<PrintJobView> = {}): PrintJobView => ({
  id,
  printerId: 'cups:Office',
  printerName: 'Office',
  title: `Packing slip ${id}`,
  format: 'pdf',
  copies: 1,
  media: 'A4',
  state: 'queued',
  attempts: 0,
  createdAt: `2026-11-22T10:00:0${id}.000Z`,
  updatedAt: `2026-11-22T10:00:0${id}.000Z`,
  size: 100,
  ...over,
});

describe('applyJobEvent', () => {
  it('adds a new job, replaces a changed one and drops a removed one', () => {
    let jobs = applyJobEvent([], job('1'), 'changed');
    jobs = applyJobEvent(jobs, job('2'), 'changed');
    jobs = applyJobEvent(
      jobs,
      job('1', { state: 'sent', updatedAt: '2026-11-22T10:01:00.000Z' }),
      'changed',
    );
    expect(jobs.map((j) => [j.id, j.state])).toEqual([
      ['1', 'sent'],
      ['2', 'queued'],
    ]);
    expect(applyJobEvent(jobs, job('2'), 'removed').map((j) => j.id)).toEqual(['1']);
  });

  it('never goes back to an older state of a job', () => {
    const newer = job('1', { state: 'sent', updatedAt: '2026-11-22T10:05:00.000Z' });
    const older = job('1', { state: 'sending', updatedAt: '2026-11-22T10:04:00.000Z' });
    expect(applyJobEvent([newer], older, 'changed')[0]?.state).toBe('sent');
  });
});

describe('groupByPrinter', () => {
  it('groups per printer, newest job first, printers by their newest job', () => {
    const groups = groupByPrinter([
      job('1'),
      job('2', { printerId: 'raw:10.0.0.7:9100', printerName: 'Zebra' }),
      job('3'),
    ]);
    expect(groups.map((g) => [g.printerName, g.jobs.map((j) => j.id)])).toEqual([
      ['Office', ['3', '1']],
      ['Zebra', ['2']],
    ]);
  });
});

describe('lastLabelJob', () => {
  it('is the newest label that was not cancelled', () => {
    const jobs = [
      job('1', { media: '4x6in', title: 'Labels for order 1' }),
      job('2', { format: 'zpl', title: 'Label 1Z (shipment 5)' }),
      job('3', { media: '4x6in', state: 'cancelled' }),
      job('4'),
    ];
    expect(lastLabelJob(jobs)?.id).toBe('2');
    expect(lastLabelJob([job('4')])).toBeUndefined();
  });
});
