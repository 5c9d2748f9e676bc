import { Drawer, Form, Radio } from 'antd';
import {
  APPROVER_DEDUP,
  APPROVER_DEDUP_LABELS,
  FlowDesignerTexts as T,
  FlowMessages,
  INITIATOR_APPROVES,
  INITIATOR_APPROVES_LABELS,
  initiatorApprovesOf,
  type FlowSettings,
} from '@osp/shared';
import { useIsMobile } from '../../../utils/useIsMobile';
import { UserIdPicker } from './pickers';

interface SettingsDrawerProps {
  open: boolean;
  settings: FlowSettings;
  onChange: (patch: Partial<FlowSettings>) => void;
  onClose: () => void;
}

/** 流程设置: what an empty handler source does, the initiator among the handlers, where a resubmitted bill starts, 审批人去重. */
export function SettingsDrawer({ open, settings, onChange, onClose }: SettingsDrawerProps) {
  const isMobile = useIsMobile();
  const adminError = settings.emptyHandler === 'admin' && settings.adminUserId === null;
  return (
    <Drawer open={open} onClose={onClose} title={T.settings} size={isMobile ? '100%' : 420} className="fd-drawer">
      <Form layout="vertical" component="div">
        <Form.Item label={T.emptyHandler}>
          <Radio.Group
            aria-label={T.emptyHandler}
            value={settings.emptyHandler}
            onChange={(e) => onChange({ emptyHandler: e.target.value as FlowSettings['emptyHandler'] })}
            options={[
              { value: 'skip', label: T.emptySkip },
              { value: 'admin', label: T.emptyAdmin },
            ]}
          />
        </Form.Item>
        {settings.emptyHandler === 'admin' && (
          <Form.Item
            label={T.adminUser}
            htmlFor="fd-settings-admin"
            required
            validateStatus={adminError ? 'error' : undefined}
            help={adminError ? FlowMessages.adminRequired : undefined}
          >
            <UserIdPicker
              id="fd-settings-admin"
              isMultiple={false}
              value={settings.adminUserId ?? 0}
              onChange={(id) => {
                const one = Array.isArray(id) ? id[0] : id;
                onChange({ adminUserId: one && one > 0 ? one : null });
              }}
            />
          </Form.Item>
        )}
        <Form.Item label={T.initiatorApproves} extra={T.initiatorApprovesHint}>
          <Radio.Group
            aria-label={T.initiatorApproves}
            // A flow saved before the setting existed has none: it means 自动跳过.
            value={initiatorApprovesOf(settings)}
            onChange={(e) => onChange({ initiatorApproves: e.target.value as FlowSettings['initiatorApproves'] })}
            options={INITIATOR_APPROVES.map((value) => ({ value, label: INITIATOR_APPROVES_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item label={T.resubmit}>
          <Radio.Group
            aria-label={T.resubmit}
            value={settings.resubmit}
            onChange={(e) => onChange({ resubmit: e.target.value as FlowSettings['resubmit'] })}
            options={[
              { value: 'restart', label: T.resubmitRestart },
              { value: 'resume', label: T.resubmitResume },
            ]}
          />
        </Form.Item>
        <Form.Item label={T.approverDedup} extra={T.approverDedupHint}>
          <Radio.Group
            aria-label={T.approverDedup}
            value={settings.approverDedup}
            onChange={(e) => onChange({ approverDedup: e.target.value as FlowSettings['approverDedup'] })}
            options={APPROVER_DEDUP.map((value) => ({ value, label: APPROVER_DEDUP_LABELS[value] }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
