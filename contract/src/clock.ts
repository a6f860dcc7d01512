/**
 * 125 → '2:05', 325.4 → '5:25': how a recording's length is written, by the screens and by
 * the server's refusal of a recording too long (one function, so both write it alike).
 */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
