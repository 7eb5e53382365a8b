/** Parsers on lpstat output captured from CUPS 2.4.2 (Debian 12), LANG=C. */
import { describe, expect, it } from 'vitest';
import {
  parseLpstatAccepting,
  parseLpstatPrinters,
  parseSchedulerRunning,
  saysNoDestinations,
  saysSchedulerNotRunning,
} from './lpstat-parse';

const PRINTERS_MIXED = `printer Packbench-PDF now printing Packbench-PDF-1.  enabled since Mon Nov 23 02:26:00 2026
printer Packbench-Zebra disabled since Mon Nov 23 02:26:00 2026 -
\tRejecting Jobs
printer Office_Laser is idle.  enabled since Mon Nov 23 02:26:00 2026
system default destination: Packbench-PDF
`;

const PRINTERS_SOCKET_DOWN = `printer Packbench-PDF is idle.  enabled since Mon Nov 23 02:26:00 2026
printer Packbench-Zebra now printing Packbench-Zebra-2.  enabled since Mon Nov 23 02:26:00 2026
\tThe printer may not exist or is unavailable at this time.
`;

const ACCEPTING = `Packbench-PDF accepting requests since Mon Nov 23 02:26:00 2026
Packbench-Zebra not accepting requests since Mon Nov 23 02:26:00 2026 -
\tRejecting Jobs
`;

describe('parseLpstatPrinters', () => {
  it('reads idle, printing and disabled printers, their messages and the default', () => {
    expect(parseLpstatPrinters(PRINTERS_MIXED)).toEqual({
      printers: [
        { name: 'Packbench-PDF', state: 'printing', currentJob: 'Packbench-PDF-1' },
        { name: 'Packbench-Zebra', state: 'disabled', message: 'Rejecting Jobs' },
        { name: 'Office_Laser', state: 'idle' },
      ],
      defaultName: 'Packbench-PDF',
    });
  });

  it('keeps the state message of a socket queue whose printer does not answer', () => {
    const { printers, defaultName } = parseLpstatPrinters(PRINTERS_SOCKET_DOWN);
    expect(defaultName).toBeNull();
    expect(printers[1]).toEqual({
      name: 'Packbench-Zebra',
      state: 'printing',
      currentJob: 'Packbench-Zebra-2',
      message: 'The printer may not exist or is unavailable at this time.',
    });
  });

  it('reads "no printers" as an empty list', () => {
    expect(parseLpstatPrinters('no system default destination\n')).toEqual({
      printers: [],
      defaultName: null,
    });
    expect(saysNoDestinations('lpstat: No destinations added.\n')).toBe(true);
  });
});

describe('parseLpstatAccepting', () => {
  it('maps each printer to whether it accepts jobs', () => {
    expect([...parseLpstatAccepting(ACCEPTING)]).toEqual([
      ['Packbench-PDF', true],
      ['Packbench-Zebra', false],
    ]);
  });
});

describe('scheduler state', () => {
  it('reads lpstat -r and lpstat errors', () => {
    expect(parseSchedulerRunning('scheduler is running\n')).toBe(true);
    expect(parseSchedulerRunning('scheduler is not running\n')).toBe(false);
    expect(saysSchedulerNotRunning('lpstat: Scheduler is not running.\n')).toBe(true);
    expect(saysSchedulerNotRunning('lpstat: No destinations added.\n')).toBe(false);
  });
});
