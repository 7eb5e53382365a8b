import { describe, expect, it } from 'vitest';
import { buildLpArgs, lpFailure, parseLpRequestId } from './lp-args';
import { LP_4X6_LABEL_OPTIONS } from './test-support/lp-label-options';

describe('buildLpArgs', () => {
  it('prints a label at 100 % on 4x6 media', () => {
    expect(
      buildLpArgs({
        printer: 'Zebra-2',
        file: '/tmp/a.pdf',
        title: 'Order 1001',
        copies: 2,
        media: 'w288h432',
      }),
    ).toEqual([
      '-d',
      'Zebra-2',
      '-n',
      '2',
      '-t',
      'Order 1001',
      ...LP_4X6_LABEL_OPTIONS,
      '--',
      '/tmp/a.pdf',
    ]);
  });

  it('sends raw jobs with -o raw and no filters options', () => {
    expect(
      buildLpArgs({
        printer: 'Z',
        file: '/tmp/l.zpl',
        title: 't',
        copies: 1,
        raw: true,
        media: 'A4',
      }),
    ).toEqual(['-d', 'Z', '-n', '1', '-t', 't', '-o', 'raw', '--', '/tmp/l.zpl']);
  });

  it('keeps hostile names and titles as single arguments and the file after --', () => {
    const title = `O'Brien "RMA" ; rm -rf / $(touch /tmp/x) \`id\``;
    const args = buildLpArgs({
      printer: '-x; $(id)',
      file: '-n.pdf',
      title,
      copies: 1,
      media: 'Letter',
    });
    expect(args.slice(0, 6)).toEqual(['-d', '-x; $(id)', '-n', '1', '-t', title]);
    expect(args.slice(-2)).toEqual(['--', '-n.pdf']);
  });

  it('turns control characters in titles into spaces and rejects bad copies', () => {
    expect(buildLpArgs({ printer: 'P', file: 'f', title: 'a\nb\tc', copies: 1 })[5]).toBe('a b c');
    expect(() => buildLpArgs({ printer: 'P', file: 'f', title: 't', copies: 0 })).toThrow(
      RangeError,
    );
    expect(() => buildLpArgs({ printer: 'P', file: 'f', title: 't', copies: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => buildLpArgs({ printer: ' ', file: 'f', title: 't', copies: 1 })).toThrow(
      RangeError,
    );
  });

  it('maps A4, Letter and fit-to-page', () => {
    expect(buildLpArgs({ printer: 'P', file: 'f', title: 't', copies: 1, media: 'A4' })).toContain(
      'media=iso_a4_210x297mm',
    );
    const fit = buildLpArgs({
      printer: 'P',
      file: 'f',
      title: 't',
      copies: 1,
      media: 'Letter',
      fitToPage: true,
    });
    expect(fit).toContain('media=na_letter_8.5x11in');
    expect(fit).toContain('print-scaling=fit');
    expect(fit).not.toContain('print-scaling=none');
  });
});

describe('parseLpRequestId', () => {
  it('reads the job id', () => {
    expect(parseLpRequestId('request id is Packbench-Zebra-12 (1 file(s))\n')).toBe(
      'Packbench-Zebra-12',
    );
    expect(parseLpRequestId('')).toBeNull();
  });
});

describe('lpFailure', () => {
  const missing = 'lp: Error - The printer or class does not exist.\n';
  it('tells a missing printer from a stopped scheduler (lp says the same for both)', () => {
    expect(lpFailure(missing, 'Zebra-2', true)).toMatchObject({
      kind: 'printer-missing',
      message: '“Zebra-2” does not exist on this computer.',
      transient: false,
    });
    expect(lpFailure(missing, 'Zebra-2', false)).toMatchObject({
      kind: 'cups-not-running',
      message: 'The print system (CUPS) is not running.',
      transient: true,
    });
  });

  it('reports a queue that rejects jobs', () => {
    expect(
      lpFailure('lp: Destination "Zebra-2" is not accepting jobs.\n', 'Zebra-2', true),
    ).toMatchObject({
      kind: 'printer-not-accepting',
      message: 'Zebra-2 is not accepting jobs.',
    });
  });

  it('reports an unreadable file and keeps unknown errors readable', () => {
    expect(
      lpFailure('lp: Error - unable to access "/x" - No such file or directory\n', 'P', true).kind,
    ).toBe('file-unreadable');
    expect(lpFailure('lp: Error - something odd\n', 'P', true)).toMatchObject({
      kind: 'unknown',
      message: 'Printing to P failed: something odd',
      detail: 'lp: Error - something odd',
    });
  });
});
