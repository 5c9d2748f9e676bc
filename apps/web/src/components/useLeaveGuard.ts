import { App } from 'antd';
import { BillEditTexts } from '@osp/shared';
import { useEffect, useRef } from 'react';

/** Elements whose click leaves the page: links, the side menu's pages and the page's own back button. */
const LEAVING = 'a[href], .ant-menu-item, [data-leave]';

/**
 * Asks before unsaved input is lost: closing or reloading the tab (the browser's own prompt) and
 * clicking a link or a menu page outside `containerSelector`, or an element marked `data-leave` (our
 * confirm; 离开 repeats the click).
 * The app runs a plain BrowserRouter, which cannot block navigation, so the click is held back here.
 */
export function useLeaveGuard(isDirty: boolean, containerSelector: string): void {
  const { modal } = App.useApp();
  const isLetThrough = useRef(false);

  useEffect(() => {
    if (!isDirty) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const handleClick = (event: MouseEvent) => {
      if (isLetThrough.current || !(event.target instanceof Element)) return;
      const trigger = event.target.closest(LEAVING);
      if (!(trigger instanceof HTMLElement)) return;
      if (!trigger.hasAttribute('data-leave') && trigger.closest(containerSelector)) return;
      // The menu item of this very page leads nowhere; a highlighted parent (模板管理 above its designer,
      // 发起审批 above the edit page) leads away. antd names each item `<menu id>-<path>`.
      if (trigger.classList.contains('ant-menu-item-selected') && trigger.dataset.menuId?.endsWith(`-${window.location.pathname}`)) return;
      event.preventDefault();
      event.stopPropagation();
      modal.confirm({
        title: BillEditTexts.leaveTitle,
        content: BillEditTexts.leaveContent,
        okText: BillEditTexts.leaveOk,
        okButtonProps: { danger: true },
        cancelText: BillEditTexts.stayCancel,
        onOk: () => {
          isLetThrough.current = true;
          trigger.click();
          isLetThrough.current = false;
        },
      });
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [isDirty, containerSelector, modal]);
}
