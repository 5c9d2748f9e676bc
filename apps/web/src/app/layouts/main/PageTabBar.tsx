import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useEffect, useRef, type KeyboardEvent, type WheelEvent } from 'react';
import { LayoutTexts } from '@osp/shared';
import { PageTabItem, tabMenu, type TabMenuProps } from './PageTabItem';
import type { PageTab } from './page-tabs';
import './page-tabs.css';

interface PageTabBarProps extends TabMenuProps {
  currentPath: string;
  titleOf: (path: string) => string;
  onSelect: (tab: PageTab) => void;
}

/** Arrow keys, Home and End move the focus along the tabs (one tab stop for the whole bar, as WAI-ARIA tabs have it). */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  const tabs = [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  const index = tabs.indexOf(event.currentTarget);
  const targets: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: tabs.length - 1 };
  const target = targets[event.key];
  if (target === undefined || index < 0) return;
  event.preventDefault();
  tabs[(target + tabs.length) % tabs.length]?.focus();
}

/**
 * The open pages above the page (issue 14), as Chinese admin consoles have them: one tab per page, the current one
 * highlighted; a click goes back to it as it was left, × or the middle button closes it, the context menu (and the
 * button at the end, for the tab on screen) reloads it or closes others, those to the right or all. A bar wider than
 * the window scrolls sideways, under the mouse wheel too.
 */
export function PageTabBar({ currentPath, titleOf, onSelect, ...menu }: PageTabBarProps) {
  const { tabs } = menu;
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.path === currentPath);

  // The tab on screen scrolls into sight; by hand, since scrollIntoView could also move the layout around the bar.
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector<HTMLElement>('.page-tabs__tab--current');
    if (!bar || !tab) return;
    const left = tab.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft) bar.scrollLeft = left - 8;
    else if (left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = left + tab.offsetWidth - bar.clientWidth + 8;
  }, [currentPath, tabs.length]);

  // A wheel without a sideways axis scrolls the bar sideways.
  const handleWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaX === 0 && event.deltaY !== 0) event.currentTarget.scrollLeft += event.deltaY;
  };

  return (
    <div className="page-tabs">
      <div ref={list} role="tablist" aria-label={LayoutTexts.openPages} className="page-tabs__list" onWheel={handleWheel}>
        {tabs.map((tab) => (
          <PageTabItem
            key={tab.path}
            tab={tab}
            title={titleOf(tab.path)}
            isCurrent={tab.path === currentPath}
            onSelect={onSelect}
            onKeyDown={(event) => moveFocus(event, list.current)}
            {...menu}
          />
        ))}
      </div>
      {current && (
        <Dropdown menu={tabMenu(menu, current)} trigger={['click']} placement="bottomRight" classNames={{ root: 'page-tabs__menu' }}>
          <Button type="text" size="small" className="page-tabs__more" aria-label={LayoutTexts.tabActions} icon={<DownOutlined />} />
        </Dropdown>
      )}
    </div>
  );
}
