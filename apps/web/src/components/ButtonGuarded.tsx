import { Button, type ButtonProps } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';

/** SPEC §9: the no-more-click guard keeps an action button disabled for 3000 ms after a click. */
export const CLICK_GUARD_MS = 3000;

/** An action button that cannot be pressed twice in a row, so one click sends one request. */
export function ButtonGuarded({ onClick, disabled, ...props }: ButtonProps) {
  const [isGuarding, setIsGuarding] = useState(false);

  useEffect(() => {
    if (!isGuarding) return undefined;
    const timer = window.setTimeout(() => setIsGuarding(false), CLICK_GUARD_MS);
    return () => window.clearTimeout(timer);
  }, [isGuarding]);

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    setIsGuarding(true);
    onClick?.(event);
  };

  return <Button {...props} disabled={disabled || isGuarding} onClick={handleClick} />;
}
