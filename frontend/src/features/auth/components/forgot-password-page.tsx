import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { postForgotPassword } from '../api/post-forgot-password';
import { failureText } from '../auth-sagas';

/** Spec §9: the pause on a success message before the next page opens. */
export const AUTH_REDIRECT_DELAY_MS = 3000;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; text: string };

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  // After the success message, open the reset page for this email (the code is in the mail).
  useEffect(() => {
    if (status.kind !== 'sent') return undefined;
    const timer = setTimeout(
      () => navigate(`/reset-password?email=${encodeURIComponent(email.trim())}`),
      AUTH_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [status.kind, email, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'sending' || status.kind === 'sent' || email.trim() === '') return;
    setStatus({ kind: 'sending' });
    try {
      await postForgotPassword(email.trim());
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', text: failureText(error) });
    }
  };

  const busy = status.kind === 'sending' || status.kind === 'sent';

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 } }} aria-label="Forgot Password">
        <Typography variant="h4" component="h1" gutterBottom>
          Forgot Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Enter the email of your account and we will mail you a reset code.
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            disabled={status.kind === 'sent'}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="contained" disabled={busy || email.trim() === ''}>
            Send
          </Button>
        </Stack>
        {status.kind === 'sent' && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            <Typography>Password Reset email sent</Typography>
            <Typography sx={{ fontWeight: 700 }}>Do not close this window</Typography>
          </Alert>
        )}
        {status.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {status.text}
          </Alert>
        )}
      </Paper>
    </Container>
  );
}
