import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type PatreonState =
  | { kind: 'connecting' }
  | { kind: 'known'; connected: boolean; message?: string }
  | { kind: 'failed'; connected: boolean; text: string };

/**
 * The Patreon link. Patreon sends the visitor back with ?code=…, which the profile page exchanges.
 * There is no "Connect Patreon" link: starting the OAuth flow needs Patreon's authorize URL with the
 * site's client id and redirect URI, and those are configured only in the account service
 * (PATREON_CLIENT_ID, PATREON_REDIRECT_URI), which exposes no call for them. Until the frontend is
 * given that URL, the panel shows the state and says so.
 */
export function PatreonPanel({ state }: { state: PatreonState }) {
  const connected = state.kind !== 'connecting' && state.connected;
  return (
    <Paper component="section" aria-labelledby="patreon-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="patreon-heading" variant="h6" component="h2">
          Patreon
        </Typography>
        {state.kind === 'connecting' ? (
          <Chip label="Connecting…" size="small" />
        ) : (
          <Chip
            label={connected ? 'Patreon connected' : 'Not connected'}
            color={connected ? 'success' : 'default'}
            size="small"
          />
        )}
      </Stack>
      {state.kind === 'known' && state.message && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {state.message}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Patreon was not connected: {state.text}
        </Alert>
      )}
      {!connected && state.kind !== 'connecting' && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          Connecting a Patreon account from this site is not configured yet.
        </Typography>
      )}
    </Paper>
  );
}
