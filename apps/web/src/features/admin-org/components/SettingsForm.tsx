import { Button, Col, Divider, Form, Input, InputNumber, Row, Switch } from 'antd';
import {
  BANNER_MESSAGE_MAX,
  POINT_AWARD_MAX,
  PointMessages,
  REQUEST_TIMEOUT_MAX,
  REQUEST_TIMEOUT_MIN,
  SETTING_LABELS,
  SettingMessages,
  URL_MAX,
  type PrivateSettings,
  type SettingsUpdate,
} from '@osp/shared';
import { useEffect } from 'react';
import { useUpdateSettings } from '../../../api/admin-org';
import { useDirectoryUsers } from '../../../api/directory';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';

interface Values {
  header_banner: boolean;
  header_banner_message: string;
  qrcode_url: string;
  webmail_url: string;
  request_timeout: number;
  wechat_qr_login: boolean;
  wechat_app_id: string;
  wechat_redirect_url: string;
  default_user: string | null;
  point_article_confirm: number;
  point_approval_timely: number;
  point_survey_answer: number;
}

function toValues(settings: PrivateSettings): Values {
  return {
    header_banner: settings.header_banner === 1,
    header_banner_message: settings.header_banner_message,
    qrcode_url: settings.qrcode_url,
    webmail_url: settings.webmail_url,
    request_timeout: settings.request_timeout,
    wechat_qr_login: settings.wechat_qr_login === 1,
    wechat_app_id: settings.wechat_app_id,
    wechat_redirect_url: settings.wechat_redirect_url,
    default_user: settings.default_user || null,
    point_article_confirm: settings.point_article_confirm,
    point_approval_timely: settings.point_approval_timely,
    point_survey_answer: settings.point_survey_answer,
  };
}

interface DefaultUserPickerProps {
  id?: string;
  value?: string | null;
  onChange?: (username: string | null) => void;
}

/** 默认用户 is stored by username; the shared person picker holds ids, so this maps one to the other. */
function DefaultUserPicker({ id, value, onChange }: DefaultUserPickerProps) {
  const people = useDirectoryUsers();
  const held = value ? people.data?.find((person) => person.username === value) : undefined;
  return (
    <PersonPicker
      id={id}
      allowClear
      placeholder="选择用户"
      value={held?.id}
      onChange={(next) => onChange?.(people.data?.find((person) => person.id === next)?.username ?? null)}
    />
  );
}

const urlRule = (label: string) => ({ type: 'url' as const, message: SettingMessages.urlInvalid(label) });

/** The SPEC §3 settings an administrator changes; the server checks each again. */
export function SettingsForm({ settings }: { settings: PrivateSettings }) {
  const [form] = Form.useForm<Values>();
  const save = useUpdateSettings();
  const hasBanner = Form.useWatch('header_banner', form);
  const hasWechat = Form.useWatch('wechat_qr_login', form);

  useEffect(() => {
    form.setFieldsValue(toValues(settings));
  }, [settings, form]);

  const handleFinish = (values: Values) => {
    const body: SettingsUpdate = {
      header_banner: values.header_banner ? 1 : 0,
      header_banner_message: values.header_banner_message ?? '',
      qrcode_url: values.qrcode_url ?? '',
      webmail_url: values.webmail_url ?? '',
      request_timeout: values.request_timeout,
      wechat_qr_login: values.wechat_qr_login ? 1 : 0,
      wechat_app_id: values.wechat_app_id ?? '',
      wechat_redirect_url: values.wechat_redirect_url ?? '',
      default_user: values.default_user ?? '',
      point_article_confirm: values.point_article_confirm,
      point_approval_timely: values.point_approval_timely,
      point_survey_answer: values.point_survey_answer,
    };
    save.mutate(body, {
      onSuccess: () => toast.success(SettingMessages.saved),
      onError: (error) => showFieldErrors(form, error),
    });
  };

  return (
    <Form<Values> form={form} layout="vertical" name="settings" className="settings-form" onFinish={handleFinish}>
      <Divider titlePlacement="start">页头横幅</Divider>
      <Form.Item name="header_banner" label={SETTING_LABELS.header_banner} valuePropName="checked" extra="开启后所有用户在页头看到横幅消息">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item
        name="header_banner_message"
        label={SETTING_LABELS.header_banner_message}
        rules={[{ required: hasBanner === true, whitespace: true, message: SettingMessages.bannerMessageRequired }]}
      >
        <Input.TextArea maxLength={BANNER_MESSAGE_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>

      <Divider titlePlacement="start">地址与请求</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="qrcode_url"
            label={SETTING_LABELS.qrcode_url}
            extra="页头二维码编码的地址；留空则为本系统地址"
            rules={[urlRule(SETTING_LABELS.qrcode_url)]}
          >
            <Input maxLength={URL_MAX} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="webmail_url"
            label={SETTING_LABELS.webmail_url}
            extra="用户菜单“登录邮箱”打开的企业邮箱地址"
            rules={[
              { required: true, message: SettingMessages.urlInvalid(SETTING_LABELS.webmail_url) },
              urlRule(SETTING_LABELS.webmail_url),
            ]}
          >
            <Input maxLength={URL_MAX} placeholder="https://" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="request_timeout"
            label={SETTING_LABELS.request_timeout}
            rules={[{ required: true, message: SettingMessages.timeoutRange }]}
          >
            <InputNumber
              min={REQUEST_TIMEOUT_MIN}
              max={REQUEST_TIMEOUT_MAX}
              step={1000}
              precision={0}
              suffix="毫秒"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="default_user" label={SETTING_LABELS.default_user} extra="留空表示不指定">
            <DefaultUserPicker />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">微信登录</Divider>
      <Form.Item name="wechat_qr_login" label={SETTING_LABELS.wechat_qr_login} valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="wechat_app_id"
            label={SETTING_LABELS.wechat_app_id}
            rules={[
              { required: hasWechat === true, message: SettingMessages.wechatNeedsAppId },
              { pattern: /^wx[0-9A-Za-z]{16}$/, message: SettingMessages.wechatAppIdInvalid },
            ]}
          >
            <Input maxLength={18} placeholder="wx 开头的 18 位" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="wechat_redirect_url"
            label={SETTING_LABELS.wechat_redirect_url}
            rules={[
              { required: hasWechat === true, message: SettingMessages.wechatNeedsRedirect },
              urlRule(SETTING_LABELS.wechat_redirect_url),
            ]}
          >
            <Input maxLength={URL_MAX} placeholder="https://" />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">积分</Divider>
      <Form.Item
        name="point_article_confirm"
        label={SETTING_LABELS.point_article_confirm}
        rules={[{ required: true, message: PointMessages.awardRange }]}
        extra="确认阅读一篇强制阅读文章获得的积分，每篇每人一次；0 表示不奖励"
      >
        <InputNumber min={0} max={POINT_AWARD_MAX} precision={0} suffix="分" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="point_approval_timely"
        label={SETTING_LABELS.point_approval_timely}
        rules={[{ required: true, message: PointMessages.awardRange }]}
        extra="审批人在任务到达后一个工作日内同意或退回获得的积分，每个任务一次；0 表示不奖励"
      >
        <InputNumber min={0} max={POINT_AWARD_MAX} precision={0} suffix="分" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="point_survey_answer"
        label={SETTING_LABELS.point_survey_answer}
        rules={[{ required: true, message: PointMessages.awardRange }]}
        extra="提交一份实名问卷或评价获得的积分，每份问卷每人一次；匿名问卷不奖励；0 表示不奖励"
      >
        <InputNumber min={0} max={POINT_AWARD_MAX} precision={0} suffix="分" style={{ width: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存设置
      </Button>
    </Form>
  );
}
