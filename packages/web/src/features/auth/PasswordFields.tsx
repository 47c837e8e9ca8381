import { PasswordInput, Stack } from '@mantine/core';

// New password and its confirmation; a mismatch is reported through the browser's own validation.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MISMATCH = 'Les deux mots de passe ne correspondent pas.';

type PasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  errors?: { password?: string; password_confirmation?: string };
  passwordLabel?: string;
};

export function PasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  errors = {},
  passwordLabel = 'Nouveau mot de passe',
}: PasswordFieldsProps) {
  return (
    <Stack gap="md">
      <PasswordInput
        label={passwordLabel}
        description={`Au moins ${PASSWORD_MIN_LENGTH} caractères.`}
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
      />
      <PasswordInput
        label="Confirmation du mot de passe"
        required
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => {
          const input = event.currentTarget;
          input.setCustomValidity(input.value && input.value !== password ? PASSWORD_MISMATCH : '');
          onConfirmationChange(input.value);
        }}
        ref={(input) => {
          // Keeps the browser's verdict right when the first field changes after the confirmation.
          input?.setCustomValidity(confirmation && confirmation !== password ? PASSWORD_MISMATCH : '');
        }}
        error={errors.password_confirmation}
      />
    </Stack>
  );
}
