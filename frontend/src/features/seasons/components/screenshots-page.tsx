import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { deleteScreenshot } from '../api/delete-screenshot';
import { getParticipantScreenshots } from '../api/get-participant-screenshots';
import { postScreenshot } from '../api/post-screenshot';
import type { Screenshot } from '../api/season-types';
import { useEditableList } from '../use-editable-list';
import { useParticipantAddress } from '../use-participant-address';
import { useViewerIsOwner } from '../use-viewer-is-owner';
import { EditableListActions } from './editable-list-actions';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { ParticipantPageHeader } from './participant-page-header';
import { usernameQuery } from './participant-page';

export const NO_SCREENSHOTS_TEXT = 'No screenshots added.';

function ScreenshotImage({ shot, alt }: { shot: Screenshot; alt: string }) {
  if (!shot.screenshotUrl) return null;
  return (
    <Link href={shot.screenshotUrl} target="_blank" rel="noopener noreferrer">
      <CardMedia
        component="img"
        image={shot.screenshotUrl}
        alt={alt}
        loading="lazy"
        sx={{ maxHeight: 320, objectFit: 'contain', bgcolor: 'background.default' }}
      />
    </Link>
  );
}

export function ScreenshotsPage() {
  const { seasonId, participantId, username } = useParticipantAddress();
  const isOwner = useViewerIsOwner(username);
  const [deleting, setDeleting] = useState<number | null>(null);

  const list = useEditableList<Screenshot>({
    idOf: (s) => s.participantScreenshotId,
    load: () => getParticipantScreenshots(participantId),
    save: (s) =>
      postScreenshot({
        participantScreenshotId: s.participantScreenshotId,
        seasonParticipantId: participantId,
        screenshotUrl: s.screenshotUrl.trim(),
      }),
    remove: deleteScreenshot,
    blank: () => ({ participantScreenshotId: 0, seasonParticipantId: participantId, screenshotUrl: '' }),
  });

  const backTo = `/seasons/${seasonId}/participant/${participantId}${usernameQuery(username)}`;
  const { status, entries } = list;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <ParticipantPageHeader title={`${username} Screenshots`} backTo={backTo}>
        {isOwner && (
          <Button startIcon={<AddIcon />} variant="outlined" onClick={list.add} disabled={list.hasNew}>
            Add
          </Button>
        )}
      </ParticipantPageHeader>
      {status === 'loading' && <LoadingState label="Loading screenshots" />}
      {status === 'failed' && <ErrorState text={list.error ?? ''} />}
      {status === 'loaded' && entries.length === 0 && <EmptyState text={NO_SCREENSHOTS_TEXT} />}
      {status === 'loaded' && entries.length > 0 && (
        <Grid container spacing={2}>
          {entries.map((shot, index) => {
            const label = `Screenshot ${index + 1}`;
            return (
              <Grid key={shot.participantScreenshotId || `new-${index}`} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card component="article" aria-label={label}>
                  <ScreenshotImage shot={shot} alt={`${label} by ${username}`} />
                  {isOwner && (
                    <CardContent>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box sx={{ flexGrow: 1 }}>
                          <TextField
                            fullWidth
                            label={shot.participantScreenshotId === 0 ? 'New Screenshot URL' : `${label} URL`}
                            type="url"
                            value={shot.screenshotUrl}
                            onChange={(e) => list.update(index, { ...shot, screenshotUrl: e.target.value })}
                          />
                        </Box>
                        <IconButton aria-label={`Delete ${label}`} onClick={() => setDeleting(index)} color="error">
                          <DeleteIcon />
                        </IconButton>
                      </Stack>
                    </CardContent>
                  )}
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
      <EditableListActions
        list={list}
        showSave={isOwner && status === 'loaded'}
        deleting={deleting}
        onDeletingChange={setDeleting}
        deleteTitle="Delete screenshot"
        deleteText="Delete this screenshot?"
      />
    </Container>
  );
}
