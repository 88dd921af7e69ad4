import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { authFormsReset, registerRequested, selectRegisterForm } from '../auth-slice';

export const PASSWORD_EQUALS_MESSAGE = 'Password cannot contain = sign';
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Passwords must match';

/** The password rule of spec §5, checked when the field is left. */
export function passwordError(password: string): string | null {
  return password.includes('=') ? PASSWORD_EQUALS_MESSAGE : null;
}

export function RegisterPage() {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectRegisterForm);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [confirmTouched, setConfirmTouched] = useState(false);

  useEffect(() => {
    dispatch(authFormsReset());
  }, [dispatch]);

  const mismatch = confirmTouched && confirm !== password;
  const canSubmit = password !== '' && passwordError(password) === null && password === confirm && !pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPasswordMessage(passwordError(password));
    setConfirmTouched(true);
    if (!canSubmit) return;
    dispatch(registerRequested({ username, email, password }));
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 } }} aria-label="Register">
        <Typography variant="h4" component="h1" gutterBottom>
          Register Account
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              // A fixed password clears its message at once; a new fault waits for the field to be left.
              if (passwordMessage && passwordError(e.target.value) === null) setPasswordMessage(null);
            }}
            onBlur={() => setPasswordMessage(passwordError(password))}
            error={passwordMessage !== null}
            helperText={passwordMessage ?? ' '}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setConfirmTouched(true);
            }}
            error={mismatch}
            helperText={mismatch ? PASSWORDS_MUST_MATCH_MESSAGE : ' '}
          />
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            Register
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </Paper>
    </Container>
  );
}
