import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { TextLink } from '@/components/ui/query-link';

/**
 * Profile, then Trading Post when a trade action is set, then the page (Stash, Item Search, …).
 * `trail` lists the links between the trading post and the current page.
 */
export function TradeBreadcrumbs({
  trade,
  current,
  trail = [],
}: {
  trade: boolean;
  current: string;
  trail?: Array<{ label: string; to: string }>;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumbs" sx={{ mb: 2 }}>
      <TextLink to="/profile?" underline="hover" color="inherit">
        Profile
      </TextLink>
      {trade && (
        <TextLink to="/profile/trading-post?st=1" underline="hover" color="inherit">
          Trading Post
        </TextLink>
      )}
      {trail.map((link) => (
        <TextLink key={link.to} to={link.to} underline="hover" color="inherit">
          {link.label}
        </TextLink>
      ))}
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
