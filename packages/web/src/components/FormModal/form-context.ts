import { TEXTAREA_ROWS_DEFAULT } from '@app/domain';
import { createContext, useContext } from 'react';

export type FormFieldsContextValue = {
  /** The server's field errors of the last failed save (422), first message per field. */
  errors: Record<string, string>;
  textareaRows: number;
};

/** Set by FormModal around its fields; absent outside dialogs. */
export const FormFieldsContext = createContext<FormFieldsContextValue | null>(null);

/** The server's field errors of the enclosing FormModal ({} outside one). */
export function useFormErrors(): Record<string, string> {
  return useContext(FormFieldsContext)?.errors ?? {};
}

/** The server's error for one field of the enclosing FormModal. */
export function useFieldError(name: string | undefined): string | undefined {
  const errors = useFormErrors();
  return name ? errors[name] : undefined;
}

export function useTextareaRows(): number {
  return useContext(FormFieldsContext)?.textareaRows ?? TEXTAREA_ROWS_DEFAULT;
}
