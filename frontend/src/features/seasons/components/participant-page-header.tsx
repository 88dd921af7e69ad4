import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/query-link';

interface ParticipantPageHeaderProps {
  title: string;
  /** Where Back goes (the participant page), with its own query. */
  backTo: string;
  children?: ReactNode;
}

/** The title row of the builds, screenshots and socials pages. */
export function ParticipantPageHeader({ title, backTo, children }: ParticipantPageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
    >
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1}>
        {children}
        <LinkButton to={backTo} variant="outlined">
          Back
        </LinkButton>
      </Stack>
    </Stack>
  );
}
