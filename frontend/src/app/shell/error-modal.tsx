import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { errorDismissed, selectCurrentError } from '../ui-slice';

/** The global modal titled Error that shows API failures, one at a time. */
export function ErrorModal() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectCurrentError);
  // Keep the last text while the dialog fades out, so it does not empty before it closes.
  const [shownMessage, setShownMessage] = useState(message);
  if (message !== null && message !== shownMessage) setShownMessage(message);
  const close = () => dispatch(errorDismissed());

  return (
    <Dialog open={message !== null} onClose={close} aria-labelledby="error-modal-title" maxWidth="xs" fullWidth>
      <DialogTitle id="error-modal-title" sx={{ color: 'error.main' }}>
        Error
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{shownMessage}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
