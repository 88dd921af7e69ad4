import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { donationLinks, socialLinks, type ExternalLink } from '@/config/links';
import { useSiteLinks } from '@/config/site-config';

/** A group with no configured link is not shown at all. */
function LinkGroup({ title, links }: { title: string; links: ExternalLink[] }) {
  if (links.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {links.map((link) => (
          <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}

export function AppFooter() {
  const links = useSiteLinks();
  return (
    <Box component="footer" sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: '#12100f' }}>
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 6 }}>
          <LinkGroup title="Community" links={socialLinks(links)} />
          <LinkGroup title="Support the league" links={donationLinks(links)} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
          A fan-run seasonal league. Grim Dawn is a trademark of Crate Entertainment; this site is not affiliated with
          it.
        </Typography>
      </Container>
    </Box>
  );
}
