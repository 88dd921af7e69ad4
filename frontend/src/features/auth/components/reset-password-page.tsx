import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { postChangePassword } from '../api/post-change-password';
import { failureText } from '../auth-sagas';
import { AUTH_REDIRECT_DELAY_MS } from './forgot-password-page';
import { PasswordFields, usePasswordFields } from './password-fields';

export const RESET_SUCCESS_MESSAGE = 'Password successfully reset!';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; text: string };

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const emailFromLink = searchParams.get('email') ?? '';
  const [email, setEmail] = useState(emailFromLink);
  const [code, setCode] = useState('');
  const passwords = usePasswordFields();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    if (status.kind !== 'done') return undefined;
    const timer = setTimeout(() => navigate('/login'), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.kind, navigate]);

  const inFlight = status.kind === 'sending' || status.kind === 'done';
  // Spec §5: only with a password, no password fault and a matching confirmation.
  const canSubmit = passwords.valid && code.trim() !== '' && email.trim() !== '' && !inFlight;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    passwords.showAllMessages();
    if (!canSubmit) return;
    setStatus({ kind: 'sending' });
    try {
      await postChangePassword({ email: email.trim(), password: passwords.password, code: code.trim() });
      setStatus({ kind: 'done' });
    } catch (error) {
      setStatus({ kind: 'failed', text: failureText(error) });
    }
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 } }} aria-label="Reset Password">
        <Typography variant="h4" component="h1" gutterBottom>
          Reset Password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {emailFromLink
            ? `Enter the code mailed to ${emailFromLink} and choose a new password.`
            : 'Enter your email, the code we mailed you and a new password.'}
        </Typography>
        <Stack spacing={2}>
          {!emailFromLink && (
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
          <TextField
            label="Reset Code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <PasswordFields fields={passwords} />
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            Reset Password
          </Button>
        </Stack>
        {status.kind === 'done' && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {RESET_SUCCESS_MESSAGE}
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
