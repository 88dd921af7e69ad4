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
import { PasswordFields, usePasswordFields } from './password-fields';

export { PASSWORD_EQUALS_MESSAGE, PASSWORDS_MUST_MATCH_MESSAGE, passwordError } from './password-fields';

export function RegisterPage() {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectRegisterForm);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const passwords = usePasswordFields();

  useEffect(() => {
    dispatch(authFormsReset());
  }, [dispatch]);

  const canSubmit = passwords.valid && !pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    passwords.showAllMessages();
    if (!canSubmit) return;
    dispatch(registerRequested({ username, email, password: passwords.password }));
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
          <PasswordFields fields={passwords} />
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
