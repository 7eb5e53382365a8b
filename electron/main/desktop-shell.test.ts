import { describe, expect, it } from 'vitest';
import { electronDesktopShell } from './desktop-shell';

describe('the desktop shell', () => {
  it('asks for a folder on the window, and says cancelled as null', async () => {
    const calls: unknown[][] = [];
    const answers = [
      { canceled: false, filePaths: ['/home/ana/Exports'] },
      { canceled: true, filePaths: [] },
    ];
    const dialog = {
      showOpenDialog: async (...args: unknown[]) => {
        calls.push(args);
        return answers.shift()!;
      },
    };
    const window = {} as never;
    const shell = electronDesktopShell(dialog as never, {} as never, () => window);
    expect(await shell.pickFolder({ title: 'Choose', defaultPath: '/home/ana' })).toBe(
      '/home/ana/Exports',
    );
    expect(await shell.pickFolder({ title: 'Choose' })).toBeNull();
    expect(calls[0]).toEqual([
      window,
      {
        title: 'Choose',
        defaultPath: '/home/ana',
        properties: ['openDirectory', 'createDirectory'],
      },
    ]);
  });

  it('opens folders and shows files through the shell', async () => {
    const seen: string[] = [];
    const shell = electronDesktopShell(
      {} as never,
      {
        openPath: async (p: string) => {
          seen.push(`open ${p}`);
          return '';
        },
        showItemInFolder: (p: string) => void seen.push(`show ${p}`),
      },
      () => undefined,
    );
    expect(await shell.openFolder('/tmp/x')).toBe('');
    shell.showFile('/tmp/x/a.csv');
    expect(seen).toEqual(['open /tmp/x', 'show /tmp/x/a.csv']);
  });
});
