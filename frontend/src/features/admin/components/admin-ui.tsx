import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiLink, { type LinkProps } from '@mui/material/Link';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { textBlockRows } from '../admin-format';

export const UNSAVED_CHANGES_TEXT = '* Unsaved Changes';
export const SAVE_TICK_MS = 3000;

export function UnsavedMarker({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Typography role="status" color="warning.main" sx={{ fontWeight: 700 }}>
      {UNSAVED_CHANGES_TEXT}
    </Typography>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question with Cancel and one confirming button. */
export function ConfirmDialog({ open, title, text, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="admin-confirm-title">
      <DialogTitle id="admin-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A multi-line text field whose height is its line count (2 rows when empty). */
export function TextBlock(props: Omit<TextFieldProps, 'multiline' | 'rows' | 'minRows' | 'maxRows'>) {
  const rows = textBlockRows(String(props.value ?? ''));
  return <TextField fullWidth {...props} multiline rows={rows} />;
}

/** The success tick shown for 3 s after a save; `token` changes on each save. */
export function SavedTick({ token, label = 'Saved' }: { token: number; label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (token === 0) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), SAVE_TICK_MS);
    return () => clearTimeout(timer);
  }, [token]);
  if (!visible) return null;
  return <CheckCircleIcon color="success" titleAccess={label} aria-label={label} role="img" />;
}

type PlainLinkButtonProps = Omit<ButtonProps<typeof RouterLink>, 'component'> & { to: string };

/** A button to an admin address, without carrying the current query along. */
export function PlainLinkButton(props: PlainLinkButtonProps) {
  return <Button component={RouterLink} {...props} />;
}

type PlainLinkProps = Omit<LinkProps<typeof RouterLink>, 'component'> & { to: string };

/** A text link to an admin address, without carrying the current query along. */
export function PlainLink(props: PlainLinkProps) {
  return <MuiLink component={RouterLink} {...props} />;
}
