import { ArrowRightOutlined, CloseCircleOutlined, CloseOutlined, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { LayoutTexts } from '@osp/shared';
import { isClosable, tabActionsOf, type PageTab } from './page-tabs';
import type { TabAction } from './usePageTabs';

const MIDDLE_BUTTON = 1;

export interface TabMenuProps {
  tabs: readonly PageTab[];
  onAction: (action: TabAction, tab: PageTab) => void;
  /** Whether the action takes the page on screen away: its label is then marked `data-leave` for the leave guard. */
  leavesPage: (action: TabAction, tab: PageTab) => boolean;
}

/**
 * The tab's context menu (and the bar's 标签页操作 for the tab on screen). Each label fills its item, so the edit page's
 * leave guard (components/useLeaveGuard.ts), which asks before unsaved input is lost, sees every click that would.
 */
export function tabMenu({ tabs, onAction, leavesPage }: TabMenuProps, tab: PageTab): MenuProps {
  const can = tabActionsOf(tabs, tab.path);
  const item = (action: TabAction, icon: ReactNode, label: string, isEnabled: boolean) => ({
    key: action,
    disabled: !isEnabled,
    label: (
      <span className="page-tabs__action" {...(isEnabled && leavesPage(action, tab) ? { 'data-leave': '' } : {})}>
        {icon}
        {label}
      </span>
    ),
  });
  return {
    items: [
      item('reload', <ReloadOutlined aria-hidden />, LayoutTexts.reload, true),
      item('close', <CloseOutlined aria-hidden />, LayoutTexts.close, can.canClose),
      item('closeOthers', <MinusCircleOutlined aria-hidden />, LayoutTexts.closeOthers, can.canCloseOthers),
      item('closeRight', <ArrowRightOutlined aria-hidden />, LayoutTexts.closeRight, can.canCloseRight),
      item('closeAll', <CloseCircleOutlined aria-hidden />, LayoutTexts.closeAll, can.canCloseAll),
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(key as TabAction, tab);
    },
  };
}

interface PageTabItemProps extends TabMenuProps {
  tab: PageTab;
  title: string;
  isCurrent: boolean;
  onSelect: (tab: PageTab) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** One open page: its title (a tab; the current one highlighted), its × and its context menu. */
export function PageTabItem({ tab, title, isCurrent, onSelect, onKeyDown, ...menu }: PageTabItemProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const canClose = isClosable(tab);

  // The middle button closes, through the × itself so that the leave guard sees it as it sees a click on ×.
  const handleAuxClick = (event: MouseEvent) => {
    if (event.button !== MIDDLE_BUTTON) return;
    event.preventDefault();
    closeButton.current?.click();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
    } else if (event.key === 'Delete' && canClose) {
      event.preventDefault();
      closeButton.current?.click();
    } else {
      onKeyDown(event);
    }
  };

  return (
    <Dropdown menu={tabMenu(menu, tab)} trigger={['contextMenu']} classNames={{ root: 'page-tabs__menu' }}>
      <div
        className={isCurrent ? 'page-tabs__tab page-tabs__tab--current' : 'page-tabs__tab'}
        data-path={tab.path}
        // The middle button would otherwise start the browser's auto-scroll.
        onMouseDown={(event) => event.button === MIDDLE_BUTTON && event.preventDefault()}
        onAuxClick={handleAuxClick}
      >
        <span
          role="tab"
          aria-selected={isCurrent}
          tabIndex={isCurrent ? 0 : -1}
          className="page-tabs__title"
          title={title}
          {...(isCurrent ? {} : { 'data-leave': '' })}
          onClick={() => onSelect(tab)}
          onKeyDown={handleKeyDown}
        >
          {title}
        </span>
        {canClose && (
          <button
            ref={closeButton}
            type="button"
            className="page-tabs__close"
            aria-label={LayoutTexts.closeTab(title)}
            // Keyboard users close the focused tab with Delete; the × stays out of the tab order.
            tabIndex={-1}
            {...(menu.leavesPage('close', tab) ? { 'data-leave': '' } : {})}
            onClick={(event) => {
              event.stopPropagation();
              menu.onAction('close', tab);
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
      </div>
    </Dropdown>
  );
}
