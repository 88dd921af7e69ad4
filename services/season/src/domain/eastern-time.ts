/**
 * US Eastern wall-clock time → UTC without a time-zone package: Node's Intl knows the IANA rules, so we
 * ask it what the New York clock reads at a candidate instant and correct the candidate by the difference.
 */
const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The New York wall clock at an instant, expressed as if it were UTC (ms since epoch). */
function wallClockAt(instantMs: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The offset of New York from UTC at an instant, in minutes (-240 in EDT, -300 in EST). */
export function easternOffsetMinutes(instant: Date): number {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  return (wallClockAt(ms) - ms) / 60_000;
}

/**
 * Converts a US Eastern wall-clock time (month 1–12) to the UTC instant. In the autumn hour that happens
 * twice the earlier (EDT) instant is taken; a spring time that never happens (02:30 on the change day)
 * is read with the offset in force before the change, i.e. it lands at 03:30 EDT.
 */
export function easternToUtc(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // First guess: the offset in force around that wall time read as UTC (before a change in the small hours).
  const before = easternOffsetMinutes(new Date(wall - 3_600_000));
  let guess = wall - before * 60_000;
  const offsetAtGuess = easternOffsetMinutes(new Date(guess));
  if (offsetAtGuess !== before) {
    const second = wall - offsetAtGuess * 60_000;
    // Only move when the wall clock really reads that time at the second candidate (ambiguous hour: keep EDT).
    if (wallClockAt(second) === wall && wallClockAt(guess) !== wall) guess = second;
  }
  return new Date(guess);
}
