import type { FocusEventHandler } from 'react';

/**
 * What every picker takes besides its value: what antd's Form.Item hands the control it wraps (`id`, so
 * that the item's label names it, and the aria state of its validation), a label of its own where there is
 * no visible one, and the usual looks. Passed to antd as they are.
 */
export interface PickerControlProps {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  allowClear?: boolean;
  onBlur?: FocusEventHandler<HTMLElement>;
}

/** One id (cleared: undefined), or a list of them. `null` reads as none, as some forms hold it. */
export type IdValueProps =
  | { multiple?: false; value?: number | null; onChange?: (value: number | undefined) => void }
  | { multiple: true; value?: readonly number[] | null; onChange?: (value: number[]) => void };

/** Hands antd's change to the caller in the caller's shape (antd gives undefined on clear, a list in multiple mode). */
export function emitIds(props: IdValueProps, next: number | number[] | null | undefined): void {
  if (props.multiple) props.onChange?.(Array.isArray(next) ? next : next === null || next === undefined ? [] : [next]);
  else props.onChange?.(Array.isArray(next) ? next[0] : (next ?? undefined));
}

/** The value antd is given: undefined for none, so that the placeholder shows. */
export function antdIds(props: IdValueProps): number | number[] | undefined {
  if (props.multiple) return props.value ? [...props.value] : [];
  return props.value ?? undefined;
}
