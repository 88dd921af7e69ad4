import TextField from '@mui/material/TextField';
import { useState } from 'react';

export const PASSWORD_EQUALS_MESSAGE = 'Password cannot contain = sign';
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Passwords must match';

/** The password rule of spec §5, checked when the field is left. */
export function passwordError(password: string): string | null {
  return password.includes('=') ? PASSWORD_EQUALS_MESSAGE : null;
}

/** A new password and its confirmation, as register and reset ask for them (spec §5). */
export function usePasswordFields() {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirmValue] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [confirmTouched, setConfirmTouched] = useState(false);
  return {
    password,
    confirm,
    passwordMessage,
    mismatch: confirmTouched && confirm !== password,
    /** Submittable: a password without a fault and a matching confirmation. */
    valid: password !== '' && passwordError(password) === null && password === confirm,
    setPassword(value: string) {
      setPasswordValue(value);
      // A fixed password clears its message at once; a new fault waits for the field to be left.
      if (passwordMessage && passwordError(value) === null) setPasswordMessage(null);
    },
    leavePassword() {
      setPasswordMessage(passwordError(password));
    },
    setConfirm(value: string) {
      setConfirmValue(value);
      setConfirmTouched(true);
    },
    /** On submit: every message that applies shows, touched or not. */
    showAllMessages() {
      setPasswordMessage(passwordError(password));
      setConfirmTouched(true);
    },
  };
}

export type PasswordFieldsState = ReturnType<typeof usePasswordFields>;

export function PasswordFields({ fields }: { fields: PasswordFieldsState }) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={(e) => fields.setPassword(e.target.value)}
        onBlur={fields.leavePassword}
        error={fields.passwordMessage !== null}
        helperText={fields.passwordMessage ?? ' '}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={fields.confirm}
        onChange={(e) => fields.setConfirm(e.target.value)}
        error={fields.mismatch}
        helperText={fields.mismatch ? PASSWORDS_MUST_MATCH_MESSAGE : ' '}
      />
    </>
  );
}
