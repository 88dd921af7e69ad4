import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type PatreonState =
  | { kind: 'connecting' }
  | { kind: 'known'; connected: boolean; message?: string }
  | { kind: 'failed'; connected: boolean; text: string };

/**
 * The Patreon link. Connect Patreon goes to Patreon's authorize page (its address, with the site's
 * client id and return address, comes from the account service); Patreon sends the visitor back with
 * ?code=…, which the profile page exchanges. Without Patreon settings on the server the panel says so.
 */
export function PatreonPanel({ state, connectUrl }: { state: PatreonState; connectUrl: string | null }) {
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
      {!connected && state.kind !== 'connecting' && connectUrl && (
        <Button href={connectUrl} variant="contained" sx={{ mt: 2 }}>
          Connect Patreon
        </Button>
      )}
      {!connected && state.kind !== 'connecting' && !connectUrl && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          Connecting a Patreon account from this site is not configured yet.
        </Typography>
      )}
    </Paper>
  );
}
