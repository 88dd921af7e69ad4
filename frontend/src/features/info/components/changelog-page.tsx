import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { apiUrl } from '@/lib/api-client';

export const PATCH_NOTES_URL = apiUrl('/file/patch-notes');

/** The patch notes are a PDF the files service serves; the browser's viewer shows it in place. */
export function ChangelogPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Changelog
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Button href={PATCH_NOTES_URL} target="_blank" rel="noopener" variant="outlined" startIcon={<DownloadIcon />}>
          Open the patch notes (PDF)
        </Button>
      </Box>
      <Box
        component="object"
        data={PATCH_NOTES_URL}
        type="application/pdf"
        aria-label="Patch notes"
        sx={{
          width: '100%',
          height: { xs: '70vh', md: '80vh' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      >
        {/* Shown when the browser cannot display the PDF in place, or it could not be loaded. */}
        <Box sx={{ p: 3 }}>
          <Typography gutterBottom>Your browser cannot show the patch notes here.</Typography>
          <Button href={PATCH_NOTES_URL} variant="contained" startIcon={<DownloadIcon />}>
            Download the patch notes
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
