/**
 * The Windows source with a stand-in for pdf-to-printer (which refuses to run off Windows): the
 * printers and default it reports, and what a job asks SumatraPDF for — the right printer, no
 * scaling, the copies, the printer's own name for the route's paper — and that ZPL is refused.
 */
import { describe, expect, it, vi } from 'vitest';
import { paperNameFor, type WindowsPrinting, windowsSource } from './windows-source';

const PAPERS = ['Letter', 'A4', '4.00x6.00in', 'User defined'];

function fakeWindows(fail?: string): WindowsPrinting & { print: ReturnType<typeof vi.fn> } {
  return {
    getPrinters: async () => [
      { deviceId: 'Office', name: 'Office', paperSizes: ['Letter', 'A4'] },
      { deviceId: 'ZDesigner GK420d', name: 'ZDesigner GK420d', paperSizes: PAPERS },
    ],
    getDefaultPrinter: async () => ({ deviceId: 'Office', name: 'Office', paperSizes: [] }),
    print: vi.fn(async () => {
      if (fail) throw new Error(fail);
    }),
  };
}

describe('Windows printers through pdf-to-printer', () => {
  it('lists the printers and the default, as PDF printers', async () => {
    const source = windowsSource(async () => fakeWindows());
    const found = await source.discover();
    expect(found.problem).toBeNull();
    expect(found.printers.map((p) => [p.name, p.isDefault])).toEqual([
      ['Office', true],
      ['ZDesigner GK420d', false],
    ]);
    expect(source.formats(['pdf', 'zpl'])).toEqual(['pdf']);
    expect(source.formats(['zpl'])).toEqual([]);
  });

  it('prints at 100 % on the printer’s own name for the paper, with the copies', async () => {
    const lib = fakeWindows();
    const source = windowsSource(async () => lib);
    const [, zebra] = (await source.discover()).printers;
    const driver = source.driver(zebra!, 'win:ZDesigner GK420d', ['pdf']);
    expect(driver.accepts('zpl')).toBe(false);
    const job = { id: 'j', title: 'Label', format: 'pdf' as const, file: 'C:\\spool\\j.pdf' };
    await driver.send(
      { ...job, copies: 2, media: '4x6in', attempt: 1 },
      new AbortController().signal,
    );
    expect(lib.print).toHaveBeenCalledWith('C:\\spool\\j.pdf', {
      printer: 'ZDesigner GK420d',
      silent: true,
      scale: 'noscale',
      copies: 2,
      paperSize: '4.00x6.00in',
    });
  });

  it('reports a failed print as a retryable failure naming the printer', async () => {
    const source = windowsSource(async () => fakeWindows('spooler stopped'));
    const [office] = (await source.discover()).printers;
    const driver = source.driver(office!, 'win:Office', ['pdf']);
    await expect(
      driver.send(
        {
          id: 'j',
          title: 'Slip',
          format: 'pdf',
          file: 'x.pdf',
          copies: 1,
          media: 'A4',
          attempt: 1,
        },
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({
      reason: expect.stringMatching(/Office.*spooler stopped/),
      transient: true,
    });
  });

  it('says why when Windows cannot list printers', async () => {
    const source = windowsSource(async () => {
      throw new Error('Operating System not supported');
    });
    expect((await source.discover()).problem).toMatch(/Operating System not supported/);
  });

  it('finds the paper names Windows drivers use', () => {
    expect(paperNameFor('4x6in', ['Letter', '4 x 6 in', 'A4'])).toBe('4 x 6 in');
    expect(paperNameFor('4x6in', ['4x6'])).toBe('4x6');
    expect(paperNameFor('A4', PAPERS)).toBe('A4');
    expect(paperNameFor('Letter', PAPERS)).toBe('Letter');
    expect(paperNameFor('4x6in', ['Letter'])).toBeUndefined();
    expect(paperNameFor('default', PAPERS)).toBeUndefined();
  });
});
