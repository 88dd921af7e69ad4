import LiveTvIcon from '@mui/icons-material/LiveTv';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { getSocials } from '../api/get-socials';
import { postSocials } from '../api/post-socials';
import type { Socials } from '../api/season-types';
import type { LoadStatus } from '../seasons-slice';
import { UNSAVED_TEXT } from '../use-editable-list';
import { useViewerIsOwner } from '../use-viewer-is-owner';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/page-states';

export const NO_SOCIALS_TEXT = 'No social links added.';

export function SocialsPage() {
  const navigate = useNavigate();
  const username = useSearchParams()[0].get('username') ?? '';
  const isOwner = useViewerIsOwner(username);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [twitchUrl, setTwitchUrl] = useState('');
  const [youtubeUrl, setYoutubeUrl] = useState('');
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const show = (socials: Socials) => {
    setTwitchUrl(socials.twitchUrl ?? '');
    setYoutubeUrl(socials.youtubeUrl ?? '');
    setUnsaved(false);
  };

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      show(await getSocials(username));
      setStatus('loaded');
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      setStatus('failed');
    }
  }, [username]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    setSaving(true);
    try {
      await postSocials({ username, twitchUrl: twitchUrl.trim() || null, youtubeUrl: youtubeUrl.trim() || null });
      await load();
    } catch {
      // the Error modal has told the visitor; the edits stay for another try
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {`${username} Social Links`}
        </Typography>
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          Back
        </Button>
      </Stack>
      {status === 'loading' && <LoadingState label="Loading social links" />}
      {status === 'failed' && <ErrorState text={error ?? ''} />}
      {status === 'loaded' && !isOwner && !twitchUrl && !youtubeUrl && <EmptyState text={NO_SOCIALS_TEXT} />}
      {status === 'loaded' && !isOwner && (twitchUrl || youtubeUrl) && (
        <Paper sx={{ p: 3 }}>
          <Stack spacing={2}>
            {twitchUrl && (
              <Link href={twitchUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'flex', gap: 1 }}>
                <LiveTvIcon aria-hidden /> Twitch
              </Link>
            )}
            {youtubeUrl && (
              <Link href={youtubeUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'flex', gap: 1 }}>
                <YouTubeIcon aria-hidden /> YouTube
              </Link>
            )}
          </Stack>
        </Paper>
      )}
      {status === 'loaded' && isOwner && (
        <Paper sx={{ p: 3 }}>
          <Stack spacing={2}>
            <TextField
              label="Twitch URL"
              type="url"
              value={twitchUrl}
              onChange={(e) => {
                setTwitchUrl(e.target.value);
                setUnsaved(true);
              }}
            />
            <TextField
              label="YouTube URL"
              type="url"
              value={youtubeUrl}
              onChange={(e) => {
                setYoutubeUrl(e.target.value);
                setUnsaved(true);
              }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="contained" onClick={() => void save()} disabled={!unsaved || saving}>
                Save
              </Button>
              {unsaved && <Typography color="warning.main">{UNSAVED_TEXT}</Typography>}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
