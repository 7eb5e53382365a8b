/** How old something is in words, kept current while it shows (the exceptions board, kept lists). */
import { useEffect, useState } from 'react';

/** "just now", "4 minutes ago", "2 hours ago" (ms since the epoch), refreshed every half minute. */
export function useAge(at: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (at === null) return null;
  const minutes = Math.floor(Math.max(0, Math.max(now, at) - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
