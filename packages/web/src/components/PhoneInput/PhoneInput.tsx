import { formatPhone } from '@app/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useFieldError } from '../FormModal/form-context';

export type PhoneInputProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  /** Receives the number already spaced in pairs. */
  onChange: (value: string) => void;
};

/**
 * Phone field: type tel, spaced in pairs as the user types ('06.12-34 56 78' → '06 12 34 56 78').
 * Email fields need no component: a Mantine TextInput with type="email" (the browser checks the address).
 */
export function PhoneInput({ value, onChange, error, ...props }: PhoneInputProps) {
  const serverError = useFieldError(props.name);
  return (
    <TextInput
      autoComplete="tel"
      inputMode="tel"
      {...props}
      type="tel"
      value={value ?? ''}
      error={error ?? serverError}
      onChange={(event) => onChange(formatPhone(event.currentTarget.value))}
    />
  );
}
