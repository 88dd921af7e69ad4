import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { deleteBuild } from '../api/delete-build';
import { getParticipantBuilds } from '../api/get-participant-builds';
import { postBuild } from '../api/post-build';
import type { CharacterBuild } from '../api/season-types';
import { BUILD_CLASS_OPTIONS, classToSave, optionOfClass } from '../build-classes';
import { useEditableList } from '../use-editable-list';
import { useParticipantAddress } from '../use-participant-address';
import { useViewerIsOwner } from '../use-viewer-is-owner';
import { EditableListActions } from './editable-list-actions';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';
import { ParticipantPageHeader } from './participant-page-header';
import { usernameQuery } from './participant-page';

export const NO_BUILDS_TEXT = 'No character builds added.';

function BuildCard({ build, index }: { build: CharacterBuild; index: number }) {
  return (
    <Card component="article" aria-label={`Build ${index + 1}`} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {classToSave(build.buildClass)}
        </Typography>
        <Link href={build.buildUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {build.buildUrl}
        </Link>
        {build.buildDescription && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {build.buildDescription}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

interface BuildEditorProps {
  build: CharacterBuild;
  index: number;
  onChange: (next: CharacterBuild) => void;
  onDelete: () => void;
}

function BuildEditor({ build, index, onChange, onDelete }: BuildEditorProps) {
  const label = `Build ${index + 1}`;
  return (
    <Card component="article" aria-label={label}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {build.participantCharacterBuildId === 0 ? 'New Build' : label}
            </Typography>
            <IconButton aria-label={`Delete ${label}`} onClick={onDelete} color="error">
              <DeleteIcon />
            </IconButton>
          </Stack>
          <TextField
            select
            label="Class"
            value={build.buildClass}
            onChange={(e) => onChange({ ...build, buildClass: e.target.value })}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {BUILD_CLASS_OPTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Build URL"
            type="url"
            value={build.buildUrl}
            onChange={(e) => onChange({ ...build, buildUrl: e.target.value })}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={build.buildDescription ?? ''}
            onChange={(e) => onChange({ ...build, buildDescription: e.target.value })}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

export function BuildsPage() {
  const { seasonId, participantId, username } = useParticipantAddress();
  const isOwner = useViewerIsOwner(username);
  const [deleting, setDeleting] = useState<number | null>(null);

  const list = useEditableList<CharacterBuild>({
    idOf: (b) => b.participantCharacterBuildId,
    load: async () =>
      (await getParticipantBuilds(participantId)).map((b) => ({ ...b, buildClass: optionOfClass(b.buildClass) })),
    save: (b) =>
      postBuild({
        participantCharacterBuildId: b.participantCharacterBuildId,
        seasonParticipantId: participantId,
        buildClass: classToSave(b.buildClass),
        buildUrl: b.buildUrl.trim(),
        buildDescription: b.buildDescription ?? null,
      }),
    remove: deleteBuild,
    blank: () => ({
      participantCharacterBuildId: 0,
      seasonParticipantId: participantId,
      buildClass: '',
      buildUrl: '',
      buildDescription: '',
    }),
  });

  const backTo = `/seasons/${seasonId}/participant/${participantId}${usernameQuery(username)}`;
  const { status, entries } = list;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <ParticipantPageHeader title={`${username} Character Builds`} backTo={backTo}>
        {isOwner && (
          <Button startIcon={<AddIcon />} variant="outlined" onClick={list.add} disabled={list.hasNew}>
            Add
          </Button>
        )}
      </ParticipantPageHeader>
      {status === 'loading' && <LoadingState label="Loading builds" />}
      {status === 'failed' && <ErrorState text={list.error ?? ''} />}
      {status === 'loaded' && entries.length === 0 && <EmptyState text={NO_BUILDS_TEXT} />}
      {status === 'loaded' && entries.length > 0 && (
        <Grid container spacing={2}>
          {entries.map((build, index) => (
            <Grid key={build.participantCharacterBuildId || `new-${index}`} size={{ xs: 12, md: 6 }}>
              {isOwner ? (
                <BuildEditor
                  build={build}
                  index={index}
                  onChange={(next) => list.update(index, next)}
                  onDelete={() => setDeleting(index)}
                />
              ) : (
                <BuildCard build={build} index={index} />
              )}
            </Grid>
          ))}
        </Grid>
      )}
      <EditableListActions
        list={list}
        showSave={isOwner && status === 'loaded'}
        deleting={deleting}
        onDeletingChange={setDeleting}
        deleteTitle="Delete build"
        deleteText="Delete this character build?"
      />
    </Container>
  );
}
