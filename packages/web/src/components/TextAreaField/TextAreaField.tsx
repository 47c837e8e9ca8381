import { Textarea, type TextareaProps } from '@mantine/core';
import { useFieldError, useTextareaRows } from '../FormModal/form-context';

export type TextAreaFieldProps = Omit<TextareaProps, 'value' | 'onChange' | 'variant'> & {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  /** 4 by default, 6 inside a FormModal. */
  rows?: number;
  /** The grey (filled) look, for fields set on a white card. */
  isGrey?: boolean;
};

/** Multi-line text field. Shows the enclosing FormModal's server error for its `name`. */
export function TextAreaField({ value, onChange, rows, isGrey = false, error, ...props }: TextAreaFieldProps) {
  const defaultRows = useTextareaRows();
  const serverError = useFieldError(props.name);
  return (
    <Textarea
      {...props}
      rows={rows ?? defaultRows}
      variant={isGrey ? 'filled' : 'default'}
      value={value ?? ''}
      error={error ?? serverError}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
