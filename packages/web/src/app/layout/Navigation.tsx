import { Badge, Group, Menu, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isInSection, type NavigationLink } from '../../components/SubNavigation/SubNavigation';
import classes from './Navigation.module.css';
import type { NavigationItem } from './navigation-items';

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

/**
 * The current child of a group: the one whose query matches too ('Demandes d'inscription' is
 * /flights?requests=pending), else the one with the same path and no query of its own ('Liste des vols').
 */
function currentChild(children: NavigationLink[], pathname: string, search: string): string | undefined {
  const withQuery = children.find((child) => child.to.includes('?') && child.to === `${pathname}${search}`);
  return (withQuery ?? children.find((child) => child.to === pathname))?.to;
}

/** A child's count that is news (a countLabel of its own: waiting requests), shown on its closed group too. */
function groupNews(item: NavigationItem): NavigationLink | undefined {
  return item.children?.find((child) => child.countLabel && child.count !== undefined);
}

function ClosedGroupNews({ news }: { news: NavigationLink }) {
  return (
    <Group gap={6} wrap="nowrap">
      {childCount(news)}
      <IconChevronRight size={14} />
    </Group>
  );
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
  const location = useLocation();
  const pathname = location.pathname;
  return (
    <Stack component="ul" gap={4} className={classes.list}>
      {items.map((item) => (
        <li key={item.section}>
          {isCollapsed ? (
            <CollapsedItem
              item={item}
              isActive={isInSection(pathname, item.section)}
              search={location.search}
              pathname={pathname}
            />
          ) : (
            <ExpandedItem item={item} pathname={pathname} search={location.search} onNavigate={onNavigate} />
          )}
        </li>
      ))}
    </Stack>
  );
}

function ExpandedItem({
  item,
  pathname,
  search,
  onNavigate,
}: {
  item: NavigationItem;
  pathname: string;
  search: string;
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
  const current = currentChild(item.children, pathname, search);
  const news = groupNews(item);
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={20} stroke={1.6} />}
      rightSection={news && !isOpened ? <ClosedGroupNews news={news} /> : undefined}
      active={isActive}
      opened={isOpened}
      onChange={setOpened}
      aria-expanded={isOpened}
      className={classes.link}
      childrenOffset={32}
    >
      {item.children.map((child) => {
        const isChildActive = child.to === current;
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

function CollapsedItem({
  item,
  isActive,
  pathname,
  search,
}: {
  item: NavigationItem;
  isActive: boolean;
  pathname: string;
  search: string;
}) {
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
  const current = currentChild(item.children, pathname, search);
  const news = groupNews(item);
  return (
    <Menu position="right-start" withArrow trigger="click-hover" openDelay={80} closeDelay={150}>
      <Menu.Target>
        <UnstyledButton aria-label={item.label} className={classes.iconLink} data-active={isActive || undefined}>
          <Icon size={22} stroke={1.6} />
          <IconChevronRight size={10} className={classes.iconChevron} />
          {news?.count !== undefined && (
            <Badge size="xs" circle pos="absolute" top={2} right={2} aria-label={news.countLabel?.(news.count)}>
              {news.count}
            </Badge>
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.label}</Menu.Label>
        {item.children.map((child) => (
          <Menu.Item
            key={child.to}
            component={Link}
            to={child.to}
            aria-current={child.to === current ? 'page' : undefined}
            fw={child.to === current ? 600 : undefined}
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
