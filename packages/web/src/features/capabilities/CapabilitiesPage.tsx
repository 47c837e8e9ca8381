import { Paper, Table, Text } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { FlagSwitch, notifyFailure, notifySuccess } from '../../components';

// settings/capabilities (su only, issue 10): the role × capability matrix. Each switch saves the role's
// whole set at once (PUT /api/roles/{id}/capabilities); the server reads it again on every request, so the change
// applies to the next request of every signed-in user. The su role has every right and is shown for reference.

type Capability = { id: number; slug: string; label: string };
type Role = { id: number; slug: string; label: string };

const LOAD_FAILED = 'Erreur de chargement des droits des rôles';
const SAVE_FAILED = 'La modification des droits a échoué';

export default function CapabilitiesPage() {
  const client = useQueryClient();
  const capabilities = useQuery({
    queryKey: ['/api/capabilities'],
    queryFn: ({ signal }) => api.get<Capability[]>('/api/capabilities', undefined, signal),
  });
  const roles = useQuery({
    queryKey: ['/api/roles', 'options'],
    queryFn: ({ signal }) => api.list<Role>('/api/roles', {}, signal),
  });
  const editable = (roles.data ?? []).filter((role) => role.slug !== 'su');
  const sets = useQueries({
    queries: editable.map((role) => ({
      queryKey: ['/api/roles', role.id, 'capabilities'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Capability[]>(`/api/roles/${role.id}/capabilities`, undefined, signal),
    })),
  });
  const [saving, setSaving] = useState<string | null>(null);
  const isError = capabilities.isError || roles.isError || sets.some((set) => set.isError);
  useEffect(() => {
    if (isError) notifyFailure(LOAD_FAILED);
  }, [isError]);

  const toggle = async (role: Role, index: number, capability: Capability, isOn: boolean) => {
    const current = (sets[index]?.data ?? []).map((c) => c.slug);
    const next = isOn ? [...current, capability.slug] : current.filter((slug) => slug !== capability.slug);
    setSaving(`${role.id}-${capability.slug}`);
    try {
      await api.put(`/api/roles/${role.id}/capabilities`, { capabilities: next });
      await client.invalidateQueries({ queryKey: ['/api/roles', role.id, 'capabilities'] });
      notifySuccess('Données sauvegardées');
    } catch (error) {
      notifyFailure(SAVE_FAILED, error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" maw={900}>
      <Text size="sm" c="dimmed" mb="sm">
        Le super utilisateur a tous les droits. Un changement s'applique dès la requête suivante de chaque utilisateur
        connecté.
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Droits des rôles" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Droit</Table.Th>
              {(roles.data ?? []).map((role) => (
                <Table.Th key={role.id} ta="center">
                  {role.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(capabilities.data ?? []).map((capability) => (
              <Table.Tr key={capability.id}>
                <Table.Td>{capability.label}</Table.Td>
                {(roles.data ?? []).map((role) => {
                  if (role.slug === 'su') {
                    return (
                      <Table.Td key={role.id} ta="center">
                        <FlagSwitch
                          value={1}
                          onChange={() => {}}
                          disabled
                          aria-label={`${capability.label} : ${role.label}`}
                          style={{ display: 'inline-block' }}
                        />
                      </Table.Td>
                    );
                  }
                  const index = editable.findIndex((r) => r.id === role.id);
                  const set = sets[index]?.data;
                  const isOn = (set ?? []).some((c) => c.slug === capability.slug);
                  return (
                    <Table.Td key={role.id} ta="center">
                      <FlagSwitch
                        value={isOn ? 1 : 0}
                        disabled={set === undefined || saving !== null}
                        onChange={(flag) => toggle(role, index, capability, flag === 1)}
                        aria-label={`${capability.label} : ${role.label}`}
                        style={{ display: 'inline-block' }}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
