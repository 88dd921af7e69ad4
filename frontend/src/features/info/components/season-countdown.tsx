import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { SeasonSchedule } from '../api/get-season-schedule';

export const COUNTDOWN_TICK_MS = 1000;

export type SeasonPhase = 'before' | 'running' | 'ended';

/** Where the season stands at `nowMs`, and how long until the next change (0 once ended). */
export function seasonPhaseAt(
  nowMs: number,
  startDate: string,
  endDate: string,
): { phase: SeasonPhase; remainingMs: number } {
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  if (nowMs < start) return { phase: 'before', remainingMs: start - nowMs };
  if (nowMs < end) return { phase: 'running', remainingMs: end - nowMs };
  return { phase: 'ended', remainingMs: 0 };
}

/** 93784000 → { days: 1, hours: 2, minutes: 3, seconds: 4 } (whole seconds, rounded up). */
export function splitDuration(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

interface SeasonCountdownProps {
  season: SeasonSchedule;
  /** Server clock minus browser clock, in ms. */
  offsetMs: number;
}

/** Counts down every second against the server's clock: to the start, then to the end. */
export function SeasonCountdown({ season, offsetMs }: SeasonCountdownProps) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);

  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const timer = setInterval(() => setNow(Date.now() + offsetMs), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [offsetMs]);

  const name = season.seasonNumber ? `Season ${season.seasonNumber}` : season.displayName;
  const { phase, remainingMs } = seasonPhaseAt(now, season.startDate, season.endDate);
  const parts = splitDuration(remainingMs);

  const heading =
    phase === 'before'
      ? `${name} starts in`
      : phase === 'running'
        ? `${name} is live! It ends in`
        : `${name} has ended`;

  return (
    <Box
      component="section"
      aria-label="Season countdown"
      sx={{ textAlign: 'center', py: 3, px: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="h5" component="h2" data-testid="countdown-heading">
        {heading}
      </Typography>
      {phase !== 'ended' && (
        <Typography
          role="timer"
          aria-label="Time remaining"
          variant="h3"
          component="p"
          sx={{ my: 1.5, fontVariantNumeric: 'tabular-nums', fontSize: { xs: '1.8rem', sm: '3rem' } }}
        >
          {parts.days}d {pad(parts.hours)}h {pad(parts.minutes)}m {pad(parts.seconds)}s
        </Typography>
      )}
      <Typography color="text.secondary" data-testid="countdown-text">
        {phase === 'before' &&
          `The season starts on ${formatDateTime(season.startDate)}. Pre-load the files below so you are ready.`}
        {phase === 'running' &&
          `The season runs until ${formatDateTime(season.endDate)}. Download the launcher, log in and join a ladder.`}
        {phase === 'ended' &&
          `The season ended on ${formatDateTime(season.endDate)}. Thank you for playing! The final standings stay on the ladders.`}
      </Typography>
    </Box>
  );
}
