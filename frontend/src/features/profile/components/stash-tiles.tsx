import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryPreservingTo } from '@/components/ui/query-link';
import { getExportCloudStash } from '../api/get-export-cloud-stash';
import type { ProfileSeason } from '../api/profile-types';

function Tile({ to, title, text }: { to: string; title: string; text: string }) {
  const target = useQueryPreservingTo(to);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={target} sx={{ height: '100%' }} aria-label={title}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function exportFileName(username: string, season: ProfileSeason) {
  const slug = `${username}-${season.displayName}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `${slug}-cloud-stash.ias`;
}

/** A ladder's Cloud Stash and (trade seasons) Trading Post tiles, and the Export Cloud Stash download. */
export function StashTiles({
  season,
  participantId,
  username,
}: {
  season: ProfileSeason;
  participantId: number;
  username: string;
}) {
  const [exporting, setExporting] = useState(false);
  const exportStash = async () => {
    setExporting(true);
    try {
      saveBlob(await getExportCloudStash(participantId), exportFileName(username, season));
    } catch {
      // The Error modal has said why.
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Tile
            to={`/profile/stash?st=${season.seasonTypeId}`}
            title="Cloud Stash"
            text="Items uploaded from the game; queue them back to your shared stash."
          />
        </Grid>
        {season.seasonTypeId === 1 && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Tile
              to="/profile/trading-post?st=1"
              title="Trading Post"
              text="List items, search other players' listings, make and answer offers."
            />
          </Grid>
        )}
      </Grid>
      <Button variant="text" sx={{ mt: 1 }} onClick={() => void exportStash()} disabled={exporting}>
        {exporting ? 'Exporting…' : 'Export Cloud Stash'}
      </Button>
    </>
  );
}
