import { createFailedMessage, listedName, MESSAGES, updateFailedMessage } from '@app/domain';
import { ActionIcon, Button, Group, Select, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconPlus, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { inviteUser } from '../../api/endpoints/users';
import { serverMessage } from '../../api/error-messages';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import {
  confirmAccept,
  confirmDelete,
  confirmReject,
  type DataColumn,
  DataList,
  FormModal,
  notifyFailure,
  notifySuccess,
  StatusTag,
} from '../../components';
import { formatStamp } from '../../lib/format';
import { useDialog } from '../../lib/use-dialog';
import { useMe } from '../../session/store';

// users (capability manage_users, no su bypass; issue 10): the staff accounts, created without a
// password (a first-login link is mailed), edited, invited again, deleted. Roles come from GET /api/roles.

/** The server's reason when a delete is refused (a user with history: deactivate instead). */
const serverMessage409 = (error: unknown): string | undefined => {
  const body = (error as { status?: number; body?: { message?: string } } | null) ?? null;
  return body?.status === 409 ? body.body?.message : undefined;
};

type User = {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  role_id: number;
  role?: { id: number; slug: string; label: string } | null;
  is_active: number;
  last_login_at: string | null;
  created_at: string;
};
const users = resource<User>('users');

function UserDialog({
  user,
  opened,
  onClose,
  onSaved,
}: {
  user: User | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState({
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    role_id: user ? String(user.role_id) : null,
  });
  const roles = useApiQuery(resource<{ id: number; label: string }>('roles').list(), {
    failure: 'Erreur de chargement des rôles',
    enabled: opened,
  });
  const set = (name: 'first_name' | 'last_name' | 'email') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={user ? "Modifier l'utilisateur" : 'Nouvel utilisateur'}
      failureMessage={user ? updateFailedMessage('user') : createFailedMessage('user')}
      onSubmit={() => {
        const payload = { ...values, role_id: Number(values.role_id) };
        return user ? users.update(user.id, payload) : users.create(payload);
      }}
      onSaved={onSaved}
    >
      {({ errors }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            name="first_name"
            label="Prénom"
            required
            maxLength={255}
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
          />
          <TextInput
            name="last_name"
            label="Nom"
            required
            maxLength={255}
            value={values.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
          />
          <TextInput
            name="email"
            type="email"
            label="Email"
            required
            maxLength={255}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <Select
            name="role_id"
            label="Rôle"
            required
            data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.label }))}
            value={values.role_id}
            onChange={(value) => setValues((current) => ({ ...current, role_id: value }))}
            error={errors.role_id}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}

export default function UsersPage() {
  const me = useMe();
  const invalidate = useInvalidate();
  const dialog = useDialog<{ user: User | null }>();
  const invite = async (user: User) => {
    try {
      await inviteUser(user.id);
      notifySuccess(`Invitation envoyée à ${user.email}`);
    } catch (error) {
      notifyFailure(serverMessage(error, "L'envoi de l'invitation a échoué"), error);
    }
  };
  // A user with history is deactivated rather than deleted: sessions end at once, sign-in is refused.
  const toggleActive = async (user: User) => {
    const isActive = user.is_active === 1;
    const isConfirmed = await (isActive ? confirmReject : confirmAccept)({
      title: isActive ? `Désactiver ${user.full_name}` : `Réactiver ${user.full_name}`,
      message: isActive
        ? 'Ses sessions prennent fin immédiatement et il ne peut plus se connecter. Son historique est conservé.'
        : 'Il pourra de nouveau se connecter.',
    });
    if (!isConfirmed) return;
    try {
      await users.update(user.id, { is_active: isActive ? 0 : 1 });
      notifySuccess(MESSAGES.saved);
      void invalidate('users');
    } catch (error) {
      notifyFailure(serverMessage(error, updateFailedMessage('user')), error);
    }
  };
  const remove = async (user: User) => {
    const isDeleted = await confirmDelete({
      message: `Le compte de ${user.full_name} sera supprimé.`,
      onConfirm: () => users.remove(user.id),
      failureMessage: (error: unknown) => serverMessage409(error) ?? MESSAGES.deleteFailed,
    });
    if (isDeleted) void invalidate('users');
  };
  const columns: DataColumn<User>[] = [
    { label: 'Nom', key: 'name', sortField: 'last_name', render: (u) => listedName(u) },
    { label: 'Email', field: 'email', sortField: 'email' },
    { label: 'Rôle', field: 'role.label' },
    {
      label: 'État',
      key: 'active',
      sortField: 'is_active',
      render: (u) => (
        <StatusTag size="small" color={u.is_active === 1 ? 'success' : 'disabled'}>
          {u.is_active === 1 ? 'Actif' : 'Désactivé'}
        </StatusTag>
      ),
    },
    {
      label: 'Dernière connexion',
      key: 'last-login',
      sortField: 'last_login_at',
      render: (u) => (u.last_login_at ? formatStamp(u.last_login_at) : 'Jamais'),
    },
    {
      label: 'Créé le',
      key: 'created',
      sortField: 'created_at',
      render: (u) => new Date(u.created_at).toLocaleDateString('fr-FR'),
    },
  ];
  return (
    <>
      <DataList<User>
        label="Utilisateurs"
        endpoint={users.path}
        storageKey="users"
        defaultOrder={[{ field: 'last_name', direction: 'ASC' }]}
        baseQuery={{ embed: ['role'] }}
        columns={columns}
        isSearchable
        searchPlaceholder="Nom ou email"
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => dialog.open({ user: null })}>
            Nouvel utilisateur
          </Button>
        }
        rowActions={(user) => (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Modifier">
              <ActionIcon
                variant="subtle"
                aria-label={`Modifier ${user.full_name}`}
                onClick={() => dialog.open({ user })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Renvoyer l'invitation">
              <ActionIcon
                variant="subtle"
                aria-label={`Renvoyer l'invitation à ${user.full_name}`}
                onClick={() => invite(user)}
              >
                <IconMailForward size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={user.is_active === 1 ? 'Désactiver' : 'Réactiver'}>
              <ActionIcon
                variant="subtle"
                color={user.is_active === 1 ? 'orange' : 'green'}
                aria-label={`${user.is_active === 1 ? 'Désactiver' : 'Réactiver'} ${user.full_name}`}
                onClick={() => toggleActive(user)}
                disabled={user.id === me.user.id}
              >
                {user.is_active === 1 ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Supprimer">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Supprimer ${user.full_name}`}
                onClick={() => remove(user)}
                disabled={user.id === me.user.id}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />
      {dialog.value && (
        <UserDialog
          key={dialog.key}
          user={dialog.value.user}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={() => invalidate('users')}
        />
      )}
    </>
  );
}
