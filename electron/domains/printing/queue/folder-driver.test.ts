import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateName, sanitizeTitle, timestamp } from './file-name.js';
import { createFolderDriver } from './folder-driver.js';
import { PrintService } from './print-service.js';
import { printZplAndWait } from './test-support/print-zpl';
import { fastRetry, pdfBytes, tempDir } from './test-support.js';
import { type JobToSend, PrintFailure } from './types.js';

const fixedNow = () => new Date(2026, 10, 23, 9, 5, 7); // local 2026-11-23 09:05:07
const never = new AbortController().signal;

async function spooled(title: string, format: 'pdf' | 'zpl' = 'pdf'): Promise<JobToSend> {
  const dir = await tempDir('packbench-spool-');
  const file = path.join(dir, `x.${format}`);
  await writeFile(file, format === 'pdf' ? pdfBytes(title) : '^XA^XZ');
  return { id: 'j', title, format, file, copies: 1, media: '4x6in', attempt: 1 };
}

describe('sanitizeTitle', () => {
  it.each([
    ['Order #1001', 'Order #1001'],
    ['../../etc/passwd', 'etc passwd'],
    ['a\\b/c', 'a b c'],
    ['say "hi"', 'say _hi_'],
    ["O'Brien; $(rm -rf ~)", "O'Brien; $(rm -rf ~)"],
    ['line1\nline2\r\n\tend\u0000', 'line1 line2 end'],
    ['...hidden', 'hidden'],
    ['trailing. . ', 'trailing'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['', 'print job'],
    ['\n\n/..', 'print job'],
    ['x'.repeat(300), 'x'.repeat(100)],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeTitle(input)).toBe(expected);
  });

  it('never yields a separator, control character or leading dot', () => {
    const hostile = ['../../etc/passwd', '..\\..\\win.ini', 'a/../../b', '\u0085x\u2028y'];
    for (const t of hostile) {
      const name = sanitizeTitle(t);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone.
      expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f\u2028]/);
      expect(name.startsWith('.')).toBe(false);
    }
  });

  it('gives a safe, non-empty single path segment for any title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const name = sanitizeTitle(title);
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(104);
        expect(path.basename(name)).toBe(name);
        expect(name).not.toMatch(/[/\\<>:"|?*]/);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone.
        expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(name).not.toMatch(/^[.\s]|[.\s]$/);
      }),
    );
  });

  it('names files with the local time stamp', () => {
    expect(timestamp(fixedNow())).toBe('20261123-090507');
    expect(candidateName('20261123-090507', 'Slip', 'pdf', 1)).toBe('20261123-090507 Slip.pdf');
    expect(candidateName('20261123-090507', 'Slip', 'zpl', 3)).toBe('20261123-090507 Slip (3).zpl');
  });
});

describe('Save-to-folder driver', () => {
  it('writes the job as a named file, byte for byte', async () => {
    const out = await tempDir('packbench-out-');
    const driver = createFolderDriver({ folder: out, now: fixedNow });
    const job = await spooled('Packing slip 1001');
    const { externalId } = await driver.send(job, never);
    expect(externalId).toBe(path.join(out, '20261123-090507 Packing slip 1001.pdf'));
    expect(await readFile(externalId!)).toEqual(await readFile(job.file));
    expect(await readdir(out)).toEqual(['20261123-090507 Packing slip 1001.pdf']);
  });

  it('never overwrites: same name gets (2), (3)', async () => {
    const out = await tempDir('packbench-out-');
    await writeFile(path.join(out, '20261123-090507 Label.zpl'), 'precious');
    const driver = createFolderDriver({ folder: out, now: fixedNow });
    const job = await spooled('Label', 'zpl');
    await driver.send(job, never);
    await Promise.all([driver.send(job, never), driver.send(job, never)]);
    expect((await readdir(out)).sort()).toEqual([
      '20261123-090507 Label (2).zpl',
      '20261123-090507 Label (3).zpl',
      '20261123-090507 Label (4).zpl',
      '20261123-090507 Label.zpl',
    ]);
    expect(await readFile(path.join(out, '20261123-090507 Label.zpl'), 'utf8')).toBe('precious');
  });

  it('keeps hostile titles inside the folder', async () => {
    const out = await tempDir('packbench-out-');
    const driver = createFolderDriver({ folder: out, now: fixedNow });
    const titles = ['../../etc/passwd', 'say "hi"', '$(rm -rf /)', 'a\nb', '`id`; echo x'];
    for (const t of titles) await driver.send(await spooled(t), never);
    const names = (await readdir(out)).sort();
    expect(names).toEqual(
      [
        '20261123-090507 etc passwd.pdf',
        '20261123-090507 say _hi_.pdf',
        '20261123-090507 $(rm -rf ).pdf',
        '20261123-090507 a b.pdf',
        '20261123-090507 `id`; echo x.pdf',
      ].sort(),
    );
  });

  it('creates a missing folder (0700) and writes the file 0600', async () => {
    const out = path.join(await tempDir('packbench-out-'), 'Packbench', 'Printed');
    const driver = createFolderDriver({ folder: out, now: fixedNow });
    const { externalId } = await driver.send(await spooled('#10983'), never);
    expect(externalId).toBe(path.join(out, '20261123-090507 #10983.pdf'));
    expect((await stat(out)).mode & 0o777).toBe(0o700);
    expect((await stat(externalId!)).mode & 0o777).toBe(0o600);
  });

  it('fails clearly, and not transiently, when the folder cannot be created', async () => {
    const dir = await tempDir('packbench-out-');
    await writeFile(path.join(dir, 'file'), 'x');
    const out = path.join(dir, 'file', 'Printed');
    const driver = createFolderDriver({ folder: out });
    const error = await driver.send(await spooled('x'), never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintFailure);
    expect(error).toMatchObject({
      reason: `Save to folder: the folder ${out} could not be created (part of that path is a file, not a folder).`,
      transient: false,
    });
  });

  it.skipIf(process.getuid?.() === 0)('fails clearly when the folder is read-only', async () => {
    const out = await tempDir('packbench-out-');
    await chmod(out, 0o500);
    const driver = createFolderDriver({ folder: out });
    await expect(driver.send(await spooled('x'), never)).rejects.toMatchObject({
      reason: `Save to folder: not allowed to write in ${out}.`,
      transient: false,
    });
    await chmod(out, 0o700);
  });

  it('works as a printer of the print service, and reprints from history', async () => {
    const spool = await tempDir();
    const out = await tempDir('packbench-out-');
    const folder = createFolderDriver({ folder: out, now: fixedNow });
    const service = await PrintService.open(spool, [folder], { retry: fastRetry });
    const zpl = new TextEncoder().encode('^XA^FDRMA-7^FS^XZ');
    const job = await printZplAndWait(service, 'save-to-folder', 'Return RMA-7', zpl, {
      source: { kind: 'return', ref: 'RMA-7' },
    });
    await service.reprint(job.id);
    await service.idle();
    expect((await readdir(out)).sort()).toEqual([
      '20261123-090507 Return RMA-7 (reprint).zpl',
      '20261123-090507 Return RMA-7.zpl',
    ]);
    expect(
      new Uint8Array(await readFile(path.join(out, '20261123-090507 Return RMA-7 (reprint).zpl'))),
    ).toEqual(zpl);
    await service.close();
  });
});
