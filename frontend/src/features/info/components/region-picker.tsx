import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Region } from '@league/contracts';

/** Download regions (spec §9), default us; the flag is decoration, the label names the country. */
export const REGIONS: ReadonlyArray<{ region: Region; flag: string; country: string }> = [
  { region: 'us', flag: '🇺🇸', country: 'United States' },
  { region: 'br', flag: '🇧🇷', country: 'Brazil' },
  { region: 'de', flag: '🇩🇪', country: 'Germany' },
  { region: 'fr', flag: '🇫🇷', country: 'France' },
  { region: 'id', flag: '🇮🇩', country: 'Indonesia' },
  { region: 'nl', flag: '🇳🇱', country: 'Netherlands' },
  { region: 'sg', flag: '🇸🇬', country: 'Singapore' },
];
export const DEFAULT_REGION: Region = 'us';

export function RegionPicker({ value, onChange }: { value: Region; onChange: (region: Region) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_event, next: Region | null) => {
        if (next) onChange(next);
      }}
      aria-label="Download region"
      size="small"
      sx={{ flexWrap: 'wrap' }}
    >
      {REGIONS.map(({ region, flag, country }) => (
        <ToggleButton key={region} value={region} aria-label={`${country} (${region})`} title={country}>
          <span role="img" aria-hidden="true" style={{ fontSize: '1.3rem', lineHeight: 1, marginRight: 6 }}>
            {flag}
          </span>
          {region.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
