import { useEffect, useRef } from 'react';
import { useIsMobile } from '../utils/useIsMobile';

/**
 * On a phone the editor sits below the tree or table: when the selection changes, scroll it into
 * view so that a tap on a row visibly opens something.
 */
export function useRevealOnPhone<T extends HTMLElement>(selectionKey: unknown) {
  const ref = useRef<T>(null);
  const isMobile = useIsMobile();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    if (isMobile && selectionKey !== null && selectionKey !== undefined) ref.current?.scrollIntoView({ block: 'start' });
  }, [selectionKey, isMobile]);
  return ref;
}
