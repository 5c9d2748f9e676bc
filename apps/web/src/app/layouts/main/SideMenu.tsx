import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SideMenuEntry } from '@osp/shared';
import { MenuIcon } from './menu-icons';
import { highlightedPath } from './menu-highlight';
import { groupTrail, menuTrailFor } from './menu-trail';

type MenuEntryItem = Required<MenuProps>['items'][number];

const NO_COUNTS: Readonly<Record<string, number>> = {};

/** A page's name with its count beside it (抄送我的's unread shares), when there is one. */
function labelOf(name: string, count: number | undefined) {
  if (!count) return name;
  return (
    <span className="side-menu__label">
      {name}
      <Badge count={count} size="small" overflowCount={99} className="side-menu__badge" />
    </span>
  );
}

/**
 * A page is a real link (its address can be opened in a new tab, middle-clicked, copied); antd stretches a link over
 * its whole menu item, so a click anywhere on the item follows it.
 */
function toMenuItems(entries: readonly SideMenuEntry[], counts: Readonly<Record<string, number>>): MenuEntryItem[] {
  return entries.map((entry) =>
    entry.kind === 'item'
      ? {
          key: entry.key,
          // Out of the tab order: the menu moves focus between its items itself, and Enter on an item goes there.
          label: (
            <Link to={entry.key} tabIndex={-1}>
              {labelOf(entry.name, counts[entry.key])}
            </Link>
          ),
          icon: <MenuIcon name={entry.icon} />,
        }
      : { key: entry.key, label: entry.name, icon: <MenuIcon name={entry.icon} />, children: toMenuItems(entry.children, counts) },
  );
}

function isModifiedClick(event: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean }): boolean {
  return Boolean(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
}

interface SideMenuProps {
  entries: readonly SideMenuEntry[];
  isCollapsed: boolean;
  /** A number to show beside a page, by its path (e.g. unread shares beside 抄送我的). */
  counts?: Readonly<Record<string, number>>;
  /** Called after a page is chosen, so the mobile drawer can close. */
  onNavigate?: () => void;
}

/** SPEC §2 side menu: the selected item follows the route and only one group is open at a time. */
export function SideMenu({ entries, isCollapsed, counts = NO_COUNTS, onNavigate }: SideMenuProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toMenuItems(entries, counts), [entries, counts]);
  const trail = useMemo(() => menuTrailFor(entries, highlightedPath(pathname, search)), [entries, pathname, search]);
  const routeGroups = trail.slice(0, -1);
  const routeGroupsKey = routeGroups.join('|');

  const [openKeys, setOpenKeys] = useState<string[]>(routeGroups);
  // When the route moves into another group, that group opens (state derived from the route).
  const [openedForRoute, setOpenedForRoute] = useState(routeGroupsKey);
  if (openedForRoute !== routeGroupsKey) {
    setOpenedForRoute(routeGroupsKey);
    setOpenKeys(routeGroups);
  }

  const handleOpenChange = (keys: string[]) => {
    const justOpened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(justOpened ? (groupTrail(entries, justOpened) ?? [justOpened]) : keys);
  };

  const handleClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // A click followed the item's link already (a click with Ctrl or the middle button opened a tab and stays here);
    // Enter on the focused item is the menu's own and goes there.
    if (domEvent.type === 'keydown' && key !== pathname) void navigate(key);
    if (domEvent.type === 'keydown' || !isModifiedClick(domEvent)) onNavigate?.();
  };

  const selected = trail.at(-1);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      inlineCollapsed={isCollapsed}
      // A collapsed menu opens groups as pop-ups; controlling them then would pin them open.
      {...(isCollapsed ? {} : { openKeys, onOpenChange: handleOpenChange })}
      onClick={handleClick}
      className="side-menu"
    />
  );
}
