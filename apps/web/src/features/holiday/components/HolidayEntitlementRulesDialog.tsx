import { Button, Flex, Form, Input, InputNumber, Modal, Typography, type FormInstance } from 'antd';
import {
  HOLIDAY_TIER_YEARS_MAX,
  HOLIDAY_TIERS_MAX,
  HolidayEntitlementTexts,
  STATUTORY_ENTITLEMENT_RULES,
  type HolidayEntitlementRules,
} from '@osp/shared';
import { ApiError } from '../../../api/client';
import { useSaveEntitlementRules } from '../../../api/holiday-entitlement';
import { messageText } from '../../../components/HtmlMessage';
import { toast } from '../../../components/toast';

interface HolidayEntitlementRulesDialogProps {
  /** The rules to edit; null when closed. */
  rules: HolidayEntitlementRules | null;
  onClose: () => void;
}

/** Days as typed (7.5, 15): a step of 0.5 would otherwise show 15 as 15.0. */
const plain = (value: number | string | undefined) => (value === undefined ? '' : String(value));

/** The server names a tier's field `tiers.1.years`; the form's name of it is ['tiers', 1, 'years']. */
function showRuleErrors(form: FormInstance<HolidayEntitlementRules>, error: unknown): void {
  const errors = error instanceof ApiError ? error.fieldErrors : undefined;
  if (!errors) return;
  const fields = Object.entries(errors).map(([field, messages]) => ({
    name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: messages.map(messageText),
  }));
  // The server names fields by string; antd types names by the form's own keys.
  form.setFields(fields as Parameters<FormInstance<HolidayEntitlementRules>['setFields']>[0]);
}

/** 发放规则: the statutory scale (工龄满 N 年 M 天), the carry-over limit and its last day. Refusals at their field. */
export function HolidayEntitlementRulesDialog({ rules, onClose }: HolidayEntitlementRulesDialogProps) {
  const [form] = Form.useForm<HolidayEntitlementRules>();
  const save = useSaveEntitlementRules();
  const words = HolidayEntitlementTexts;

  const handleFinish = async (values: HolidayEntitlementRules) => {
    try {
      const { message } = await save.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      showRuleErrors(form, error);
    }
  };

  return (
    <Modal
      title={words.rulesTitle}
      open={rules !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={words.save}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{words.rulesHelp}</Typography.Paragraph>
      <Form<HolidayEntitlementRules>
        form={form}
        name="holiday-entitlement-rules"
        layout="vertical"
        clearOnDestroy
        initialValues={rules ?? STATUTORY_ENTITLEMENT_RULES}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.List name="tiers">
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={`${words.tierYears} / ${words.tierDays}`}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="baseline" wrap>
                  <Form.Item name={[field.name, 'years']} rules={[{ required: true, message: words.tierYears }]}>
                    <InputNumber aria-label={`${words.tierYears} ${index + 1}`} min={0} max={HOLIDAY_TIER_YEARS_MAX} precision={0} />
                  </Form.Item>
                  <Typography.Text>年 →</Typography.Text>
                  <Form.Item name={[field.name, 'days']} rules={[{ required: true, message: words.tierDays }]}>
                    <InputNumber aria-label={`${words.tierDays} ${index + 1}`} min={0} step={0.5} formatter={plain} />
                  </Form.Item>
                  <Typography.Text>天</Typography.Text>
                  <Button type="link" size="small" disabled={fields.length === 1} onClick={() => remove(field.name)}>
                    {words.removeTier}
                  </Button>
                </Flex>
              ))}
              <Button
                type="dashed"
                size="small"
                disabled={fields.length >= HOLIDAY_TIERS_MAX}
                onClick={() => {
                  const tiers = form.getFieldValue('tiers') as HolidayEntitlementRules['tiers'] | undefined;
                  const last = tiers?.at(-1);
                  add({ years: (last?.years ?? 0) + 1, days: last?.days ?? 0 });
                }}
              >
                {words.addTier}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
        <Form.Item
          name="carry_max_days"
          label={words.carryMax}
          extra={words.carryMaxHelp}
          rules={[{ required: true, message: words.carryMax }]}
        >
          <InputNumber min={0} step={0.5} formatter={plain} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="carry_until"
          label={words.carryUntil}
          extra={words.carryUntilHelp}
          rules={[{ required: true, message: words.carryUntil }]}
        >
          <Input placeholder="03-31" maxLength={5} style={{ width: 160 }} />
        </Form.Item>
        <Button type="link" size="small" onClick={() => form.setFieldsValue(STATUTORY_ENTITLEMENT_RULES)} style={{ paddingInline: 0 }}>
          {words.statutory}
        </Button>
      </Form>
    </Modal>
  );
}
