import { Flex, InputNumber, Modal, Tabs, Typography } from 'antd';
import { HolidayEntitlementTexts } from '@osp/shared';
import { useState } from 'react';
import { isEntitlementYear } from '../../../api/holiday-entitlement';
import { HolidayCarryExpiryPanel } from './HolidayCarryExpiryPanel';
import { HolidayEntitlementPreview } from './HolidayEntitlementPreview';
import '../holiday-entitlement.css';

interface HolidayEntitlementDialogProps {
  isOpen: boolean;
  /** The year shown first: the one 假期额度 shows. */
  initialYear: number;
  /** After 确认发放: the list shows the year given. */
  onApplied: (year: number) => void;
  onClose: () => void;
}

const words = HolidayEntitlementTexts;

/**
 * 年度发放 (issue 17, docs/holiday.md "Yearly entitlement"): the year, then its preview and 确认发放, or its carry-overs'
 * 结转过期. Opened afresh each time (the year starts at the list's).
 */
export function HolidayEntitlementDialog({ isOpen, initialYear, onApplied, onClose }: HolidayEntitlementDialogProps) {
  return (
    <Modal title={words.title} open={isOpen} onCancel={onClose} footer={null} width={{ xs: '100%', lg: 1180 }} destroyOnHidden>
      <EntitlementBody initialYear={initialYear} onApplied={onApplied} />
    </Modal>
  );
}

function EntitlementBody({ initialYear, onApplied }: { initialYear: number; onApplied: (year: number) => void }) {
  const [year, setYear] = useState<number | null>(initialYear);
  const shown = isEntitlementYear(year) ? year : null;
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {words.help}
      </Typography.Paragraph>
      <Flex gap={8} align="center">
        <Typography.Text>{words.year}</Typography.Text>
        <InputNumber<number> aria-label={words.year} value={year} min={2000} max={2100} precision={0} onChange={(next) => setYear(next)} />
      </Flex>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'issue', label: words.issueTab, children: <HolidayEntitlementPreview year={shown} onApplied={onApplied} /> },
          { key: 'expiry', label: words.expiryTab, children: <HolidayCarryExpiryPanel year={shown} /> },
        ]}
      />
    </Flex>
  );
}
