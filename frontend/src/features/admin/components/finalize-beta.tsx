import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { FinaliseStatus } from '../api/admin-types';
import { getFinalizeBetaStatus } from '../api/get-finalize-beta-status';
import { postFinalizeBeta } from '../api/post-finalize-beta';

export const FINALIZE_POLL_MS = 2000;
type State = 'idle' | 'processing' | 'success' | 'error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Finalize Beta (spec §4): idle → confirm → Processing → Success (green) or Error (red), final until the
 * page reloads; the button is disabled while processing and once a result exists.
 */
export function FinalizeBeta() {
  const [state, setState] = useState<State>('idle');
  const [confirming, setConfirming] = useState(false);

  const run = async () => {
    setConfirming(false);
    setState('processing');
    try {
      let status: FinaliseStatus = await postFinalizeBeta();
      while (status.status === 'processing') {
        await sleep(FINALIZE_POLL_MS);
        status = await getFinalizeBetaStatus();
      }
      setState(status.status === 'success' ? 'success' : 'error');
    } catch {
      setState('error');
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {state === 'processing' && <Chip label="Processing" color="info" role="status" />}
      {state === 'success' && <Chip label="Success" color="success" role="status" />}
      {state === 'error' && <Chip label="Error" color="error" role="status" />}
      <Button variant="contained" color="warning" disabled={state !== 'idle'} onClick={() => setConfirming(true)}>
        Finalize Beta
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="finalize-title">
        <DialogTitle id="finalize-title">Finalize Beta?</DialogTitle>
        <DialogContent>
          <DialogContentText>The beta branch&apos;s ready files replace the prod files.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" color="warning" onClick={() => void run()}>
            Finalize
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
