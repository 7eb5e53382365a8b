/**
 * The pack screen's sounds, each distinct so a packer looking at the parcel knows what
 * happened: a short high tick for a counted unit, a rising pair for a finished order, a long
 * low buzz for a wrong item or one too many. Off when the station's sounds are off.
 */
import { beep } from '../scan/scan-beep';

export type PackSound = 'counted' | 'complete' | 'refused';

export function playPackSound(sound: PackSound, enabled: boolean): void {
  if (!enabled) return;
  if (sound === 'counted') beep(1320, 0.05);
  else if (sound === 'complete') {
    beep(880, 0.08);
    setTimeout(() => beep(1320, 0.12), 110);
  } else beep(150, 0.45);
}
