import { Switch, type SwitchProps } from '@mantine/core';
import { semanticColors } from '../../theme';

/** A 0/1 flag as the API stores it (docs/decisions.md: booleans are integers 0/1). */
export type Flag = 0 | 1;

export type FlagSwitchProps = Omit<SwitchProps, 'checked' | 'defaultChecked' | 'value' | 'onChange' | 'color'> & {
  /** Anything truthy (1, true) shows on. */
  value: Flag | boolean | null | undefined;
  onChange: (value: Flag) => void;
  /** @default 'primary' */
  color?: 'primary' | 'danger' | 'success';
};

/** Switch: stores 1 or 0. */
export function FlagSwitch({ value, onChange, color = 'primary', ...props }: FlagSwitchProps) {
  return (
    <Switch
      {...props}
      color={semanticColors[color]}
      checked={Boolean(value)}
      onChange={(event) => onChange(event.currentTarget.checked ? 1 : 0)}
    />
  );
}
