// @vitest-environment jsdom
/**
 * The export's outcome in words: a checked export says where it went; one whose rows could not
 * be counted says it is not verified and not a finished export; in browser mode the file is
 * downloaded through a one-time link asked for by the file's id, never by its path.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderWith, stubClient } from '../../test-support/stub-bridge';
import { ExportOutcome } from './export-outcome';
import { writtenText } from './written-words';

const files = {
  exportDir: '/home/ana/Downloads/Packbench',
  printFolder: '/home/ana/Documents/Packbench/Printed',
  canPickFolder: false,
  canReveal: false,
  canDownload: true,
  roots: [],
};
const fileId = 'file-AAAAAAAAAAAAAAAAAAAAAAAA';

describe('ExportOutcome', () => {
  it('says an unverified export is not finished, and names the file kept aside', async () => {
    const result = {
      path: '/home/ana/Downloads/Packbench/orders-20261128-101500.unverified.csv',
      rows: 1020,
      bytes: 90_000,
      fileId,
      unverified: 'unverified: 1,020 orders written, the count could not be checked',
    };
    renderWith(
      stubClient({ filesInfo: ok(files) }),
      <ExportOutcome result={result} onDismiss={() => {}} />,
    );
    const region = screen.getByRole('region', { name: 'Export not verified' });
    expect(region.textContent).toMatch(/Not verified: 1,020 rows written/);
    expect(region.textContent).toContain('it is not a finished export');
    expect(within(region).getByTestId('export-path').textContent).toBe(result.path);
    expect(writtenText(result)).toEqual({
      warning: expect.stringMatching(/count could not be checked/),
    });
  });

  it('downloads a checked export by its id through a link', async () => {
    const savedFileLink = vi.fn(ok({ url: '/files/abc', fileName: 'orders.csv' }));
    const result = { path: '/home/ana/Downloads/Packbench/orders.csv', rows: 3, bytes: 30, fileId };
    renderWith(
      stubClient({ filesInfo: ok(files), savedFileLink }),
      <ExportOutcome result={result} onDismiss={() => {}} />,
    );
    const region = screen.getByRole('region', { name: 'Export written' });
    expect(region.textContent).toContain('3 rows written to');
    expect(writtenText(result)).toBe(`3 rows written to ${result.path}`);
    await userEvent.click(await within(region).findByRole('button', { name: 'Download a copy' }));
    expect(savedFileLink).toHaveBeenCalledWith({ fileId });
  });
});
