import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { TextLink } from '@/components/ui/query-link';
import { authFormsReset, loginRequested, selectLoginForm } from '../auth-slice';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectLoginForm);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dispatch(authFormsReset());
  }, [dispatch]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    dispatch(loginRequested({ username, password }));
  };

  const onUsernameKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    passwordRef.current?.focus();
  };

  const onPasswordKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 } }} aria-label="Login">
        <Typography variant="h4" component="h1" gutterBottom>
          Login
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            onKeyDown={onUsernameKeyDown}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            inputRef={passwordRef}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onKeyDown={onPasswordKeyDown}
          />
          <Button type="submit" variant="contained" disabled={pending}>
            Login
          </Button>
          <TextLink to="/forgot-password">Forgot Password</TextLink>
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
