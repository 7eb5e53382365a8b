import { describe, expect, it } from 'vitest';
import { printJobView } from '../../test-support/printing-fixtures';
import { applyJobEvent, groupByPrinter, lastLabelJob } from './job-list';

describe('applyJobEvent', () => {
  it('adds a new job, replaces a changed one and drops a removed one', () => {
    let jobs = applyJobEvent([], printJobView('1'), 'changed');
    jobs = applyJobEvent(jobs, printJobView('2'), 'changed');
    jobs = applyJobEvent(
      jobs,
      printJobView('1', { state: 'sent', updatedAt: '2026-11-22T10:01:00.000Z' }),
      'changed',
    );
    expect(jobs.map((j) => [j.id, j.state])).toEqual([
      ['1', 'sent'],
      ['2', 'queued'],
    ]);
    expect(applyJobEvent(jobs, printJobView('2'), 'removed').map((j) => j.id)).toEqual(['1']);
  });

  it('never goes back to an older state of a job', () => {
    const newer = printJobView('1', { state: 'sent', updatedAt: '2026-11-22T10:05:00.000Z' });
    const older = printJobView('1', { state: 'sending', updatedAt: '2026-11-22T10:04:00.000Z' });
    expect(applyJobEvent([newer], older, 'changed')[0]?.state).toBe('sent');
  });
});

describe('groupByPrinter', () => {
  it('groups per printer, newest job first, printers by their newest job', () => {
    const groups = groupByPrinter([
      printJobView('1'),
      printJobView('2', { printerId: 'raw:10.0.0.7:9100', printerName: 'Zebra' }),
      printJobView('3'),
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
      printJobView('1', { media: '4x6in', title: 'Labels for order 1' }),
      printJobView('2', { format: 'zpl', title: 'Label 1Z (shipment 5)' }),
      printJobView('3', { media: '4x6in', state: 'cancelled' }),
      printJobView('4'),
    ];
    expect(lastLabelJob(jobs)?.id).toBe('2');
    expect(lastLabelJob([printJobView('4')])).toBeUndefined();
  });
});
