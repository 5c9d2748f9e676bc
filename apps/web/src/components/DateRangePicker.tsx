import { ConfigProvider, DatePicker, type GetProps, type ThemeConfig } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIsMobile } from '../utils/useIsMobile';
import './date-range-picker.css';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;
type Range = [Dayjs | null, Dayjs | null];

/** The popup class of the one-month calendar (date-range-picker.css). */
const ONE_PANEL = 'date-range-picker--one-panel';

/**
 * With a time (showTime) the month has the hour and minute columns beside it: 401 px at antd's sizes,
 * 349 px with narrower days (36 px) and columns (56 px), which fits beside a dialog's margin on 390 px.
 */
const PHONE_TIME_THEME: ThemeConfig = { components: { DatePicker: { cellWidth: 32, timeColumnWidth: 44 } } };

/**
 * antd's RangePicker, one month at a time on a phone: its two months side by side are wider than a
 * 390 px screen. antd has no prop for one panel, so the popup hides the second month and shows the
 * first one's 下一月 / 下一年 arrows (date-range-picker.css); the start and the end may still lie
 * months apart. Each end opens on its own month: antd would show the end's month in the hidden panel.
 */
export function DateRangePicker({ onCalendarChange, onChange, onOpenChange, ...props }: Omit<RangePickerProps, 'classNames'>) {
  const isMobile = useIsMobile();
  // The dates chosen since the popup opened, and (uncontrolled) the last range chosen.
  const [picking, setPicking] = useState<Range | null>(null);
  const [picked, setPicked] = useState<Range | null>(null);
  if (!isMobile) {
    return <DatePicker.RangePicker {...props} onCalendarChange={onCalendarChange} onChange={onChange} onOpenChange={onOpenChange} />;
  }

  const shown = picking ?? (props.value === undefined ? picked : props.value);
  return (
    <ConfigProvider theme={props.showTime ? PHONE_TIME_THEME : undefined}>
      <DatePicker.RangePicker
        {...props}
        classNames={{ popup: { root: ONE_PANEL } }}
        // A tap opens the month, not the phone's keyboard over it; the dates are picked, not typed.
        inputReadOnly
        // antd's own types want both ends; it reads each one alone, and an empty one keeps its usual month.
        defaultPickerValue={(shown ?? undefined) as [Dayjs, Dayjs] | undefined}
        onCalendarChange={(dates, dateStrings, info) => {
          setPicking(dates);
          onCalendarChange?.(dates, dateStrings, info);
        }}
        onChange={(dates, dateStrings) => {
          setPicked(dates);
          onChange?.(dates, dateStrings);
        }}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPicking(null);
          onOpenChange?.(isOpen);
        }}
      />
    </ConfigProvider>
  );
}
