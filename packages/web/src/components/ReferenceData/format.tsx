import { Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatNumber as formatDecimal } from '../../lib/format';
import { StatusTag } from '..';

// French display of reference values: '9 000 m³', '68,5 kg', an empty cell for nothing.

export function formatNumber(value: unknown, unit?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  const text = formatDecimal(number);
  return unit ? `${text} ${unit}` : text;
}

export const formatFlag = (value: unknown): string => (value === 1 || value === true ? 'Oui' : 'Non');

/** is_default: the record pre-filled in new flights. */
export function DefaultTag() {
  return (
    <StatusTag color="primary" size="small" icon={IconStarFilled} iconSize={12}>
      Par défaut
    </StatusTag>
  );
}

/** A name cell with the 'Par défaut' tag when the record is the default. */
export function NameWithDefault({ name, isDefault }: { name: ReactNode; isDefault: unknown }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text inherit fw={500}>
        {name}
      </Text>
      {isDefault === 1 || isDefault === true ? <DefaultTag /> : null}
    </Group>
  );
}
