import { Badge, Menu, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './Navigation.module.css';
import { isInSection, type NavigationItem, type NavigationLink } from './navigation-items';

type NavigationProps = {
  items: NavigationItem[];
  /** Desktop collapsed mode: icons only, labels in tooltips, sub-links in a menu. */
  isCollapsed?: boolean;
  onNavigate?: () => void;
};

function ChildIcon(child: NavigationLink) {
  const Icon = child.icon;
  return Icon ? <Icon size={16} stroke={1.6} /> : undefined;
}

function childCount(child: NavigationLink) {
  if (child.count === undefined) return undefined;
  const label = child.countLabel ? child.countLabel(child.count) : `${child.count} réservations`;
  return (
    <Badge size="sm" variant="light" circle={child.count < 10} aria-label={label} title={label}>
      {child.count}
    </Badge>
  );
}

export function Navigation({ items, isCollapsed = false, onNavigate }: NavigationProps) {
  const { pathname } = useLocation();
  return (
    <Stack component="ul" gap={4} className={classes.list}>
      {items.map((item) => (
        <li key={item.section}>
          {isCollapsed ? (
            <CollapsedItem item={item} isActive={isInSection(pathname, item.section)} pathname={pathname} />
          ) : (
            <ExpandedItem item={item} pathname={pathname} onNavigate={onNavigate} />
          )}
        </li>
      ))}
    </Stack>
  );
}

function ExpandedItem({
  item,
  pathname,
  onNavigate,
}: {
  item: NavigationItem;
  pathname: string;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const isActive = isInSection(pathname, item.section);
  const [isOpened, setOpened] = useState(isActive);
  if (!item.children) {
    return (
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={<Icon size={20} stroke={1.6} />}
        rightSection={childCount(item)}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
        className={classes.link}
      />
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={20} stroke={1.6} />}
      active={isActive}
      opened={isOpened}
      onChange={setOpened}
      aria-expanded={isOpened}
      className={classes.link}
      childrenOffset={32}
    >
      {item.children.map((child) => {
        const isChildActive = pathname === child.to;
        return (
          <NavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            leftSection={ChildIcon(child)}
            rightSection={childCount(child)}
            active={isChildActive}
            variant="subtle"
            aria-current={isChildActive ? 'page' : undefined}
            onClick={onNavigate}
            className={classes.link}
          />
        );
      })}
    </NavLink>
  );
}

function CollapsedItem({ item, isActive, pathname }: { item: NavigationItem; isActive: boolean; pathname: string }) {
  const Icon = item.icon;
  if (!item.children) {
    return (
      <Tooltip label={item.label} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={item.to}
          aria-label={item.label}
          aria-current={isActive ? 'page' : undefined}
          className={classes.iconLink}
          data-active={isActive || undefined}
        >
          <Icon size={22} stroke={1.6} />
          {item.count !== undefined && (
            <Badge size="xs" circle pos="absolute" top={2} right={2} aria-label={item.countLabel?.(item.count)}>
              {item.count}
            </Badge>
          )}
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" withArrow trigger="click-hover" openDelay={80} closeDelay={150}>
      <Menu.Target>
        <UnstyledButton aria-label={item.label} className={classes.iconLink} data-active={isActive || undefined}>
          <Icon size={22} stroke={1.6} />
          <IconChevronRight size={10} className={classes.iconChevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.label}</Menu.Label>
        {item.children.map((child) => (
          <Menu.Item
            key={child.to}
            component={Link}
            to={child.to}
            aria-current={pathname === child.to ? 'page' : undefined}
            fw={pathname === child.to ? 600 : undefined}
            leftSection={ChildIcon(child)}
            rightSection={childCount(child)}
          >
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
