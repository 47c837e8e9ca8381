import { MESSAGES } from '@app/domain';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import type { BaseQuery } from '../../lib/list-state';
import { useMe } from '../../session/store';
import { confirmDelete, DataList } from '..';
import { isShown } from './form-values';
import { ReferenceFormDialog } from './ReferenceFormDialog';
import type { ReferenceEntityConfig, ReferenceRecord } from './types';

/** The server explains a refused deletion (409: 'Ce ballon est utilisé par 12 vols : suppression impossible.'). */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.body?.message) return error.body.message;
  return MESSAGES.deleteFailed;
}

type DialogState<T> = { key: number; record: T | null; opened: boolean };

export type ReferenceListPageProps<T extends ReferenceRecord> = { config: ReferenceEntityConfig<T> };

/**
 * The list page of a reference entity (other-data) from its definition: the data list (filters,
 * ordering, pagination, search), 'Ajouter' and, on each row, Modifier (the edit dialog) and Supprimer (the
 * 'Suppression définitive...' confirmation; a refusal shows the server's reason and keeps the record).
 */
export function ReferenceListPage<T extends ReferenceRecord>({ config }: ReferenceListPageProps<T>) {
  const { settings } = useMe();
  const invalidate = useInvalidate();
  const records = resource(config.resource);
  const [dialog, setDialog] = useState<DialogState<T>>({ key: 0, record: null, opened: false });

  const columns = useMemo(
    () => config.columns.filter((column) => isShown(column.isVisible, settings)),
    [config.columns, settings],
  );
  const filters = useMemo(
    () => (config.filters ?? []).filter((filter) => isShown(filter.isVisible, settings)),
    [config.filters, settings],
  );
  const baseQuery = useMemo<BaseQuery | undefined>(
    () => (config.embed ? { embed: config.embed } : undefined),
    [config.embed],
  );

  const open = (record: T | null) => setDialog((current) => ({ key: current.key + 1, record, opened: true }));
  const close = () => setDialog((current) => ({ ...current, opened: false }));

  const remove = async (row: T) => {
    const isDeleted = await confirmDelete({
      message: config.deleteMessage(row),
      onConfirm: () => records.remove(row.id),
      failureMessage: deleteFailureMessage,
    });
    if (isDeleted) await invalidate(config.resource);
  };

  return (
    <>
      <DataList<T>
        endpoint={records.path}
        storageKey={config.storageKey}
        defaultOrder={config.defaultOrder}
        filters={filters}
        baseQuery={baseQuery}
        columns={columns}
        label={config.labels.plural}
        isSearchable={config.searchPlaceholder !== undefined}
        searchPlaceholder={config.searchPlaceholder}
        getRowHref={config.getRowHref}
        onRowClick={config.getRowHref ? undefined : open}
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
            {config.labels.add}
          </Button>
        }
        rowActions={(row) => {
          const name = config.nameOf(row);
          return (
            <>
              <Tooltip label="Modifier">
                <ActionIcon variant="subtle" aria-label={`Modifier ${name}`} onClick={() => open(row)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Supprimer">
                <ActionIcon variant="subtle" color="red" aria-label={`Supprimer ${name}`} onClick={() => remove(row)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          );
        }}
      />
      <ReferenceFormDialog<T>
        key={dialog.key}
        config={config}
        record={dialog.record}
        opened={dialog.opened}
        onClose={close}
        onSaved={() => invalidate(config.resource)}
      />
    </>
  );
}
