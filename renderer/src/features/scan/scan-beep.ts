/**
 * The "no match" sound: a short low tone through Web Audio (no sound file to ship or load).
 * A pack station worker is looking at the parcel, not the screen, when a scan fails. Any
 * failure to play (no audio device, autoplay policy) is silent: the message still shows.
 */
let context: AudioContext | null = null;

export function beep(frequency = 220, seconds = 0.25): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.12;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + seconds);
  } catch {
    // No audio here: the on-screen message is the signal.
  }
}
