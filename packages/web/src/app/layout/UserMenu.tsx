import type { SessionUser } from '@app/domain';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes';
import { signOut } from '../../session/store';

const initials = (user: SessionUser) => `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    await signOut();
    // Nothing of the previous user stays in the cache for the next one on a shared tablet.
    queryClient.clear();
    navigate(pathTo('login'), { replace: true });
  };
  return (
    <Menu position="bottom-end" width={220} withArrow>
      <Menu.Target>
        {/* Named by a hidden text rather than aria-label, which would replace all that is shown (initials, name,
            role) with words that do not hold it (WCAG 2.5.3, label in name); what is shown stays for the eyes. */}
        <UnstyledButton p={4}>
          <VisuallyHidden>{`Menu de ${user.first_name} ${user.last_name}`}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" aria-hidden>
            <Avatar color="primary" radius="xl" size={36}>
              {initials(user)}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2} visibleFrom="sm">
                {user.first_name} {user.last_name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                {user.role.label}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={pathTo('profile')} leftSection={<IconUser size={16} />}>
          Mon profil
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Se déconnecter
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
