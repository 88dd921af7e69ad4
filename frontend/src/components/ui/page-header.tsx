import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  titleVariant?: TypographyProps['variant'];
  titleSx?: TypographyProps['sx'];
  /** The page's buttons, beside the title on wide screens and under it on phones. */
  children?: ReactNode;
}

/** A page's title row: the h1 and its actions. */
export function PageHeader({ title, titleVariant = 'h4', titleSx, children }: PageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
    >
      <Typography variant={titleVariant} component="h1" sx={titleSx ?? { overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children && (
        <Stack direction="row" spacing={1}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
