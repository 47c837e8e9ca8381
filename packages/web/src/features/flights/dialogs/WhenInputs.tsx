import { SimpleGrid, TextInput } from '@mantine/core';

export type TimeInput = {
  name: string;
  label: string;
  type: 'date' | 'time';
  value: string;
  onChange: (value: string) => void;
};

/** A date and a time side by side (or two times), required, as the browser's own inputs. */
export function WhenInputs({ inputs }: { inputs: [TimeInput, TimeInput] }) {
  return (
    <SimpleGrid cols={2} spacing="md">
      {inputs.map((input) => (
        <TextInput
          key={input.name}
          type={input.type}
          name={input.name}
          label={input.label}
          required
          value={input.value}
          onChange={(event) => input.onChange(event.currentTarget.value)}
        />
      ))}
    </SimpleGrid>
  );
}
