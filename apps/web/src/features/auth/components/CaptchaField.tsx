import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { LoginMessages, type Captcha } from '@osp/shared';

interface CaptchaFieldProps {
  captcha: Captcha;
  onRefresh: () => void;
}

/** The captcha input with its image; clicking the image draws a new one. */
export function CaptchaField({ captcha, onRefresh }: CaptchaFieldProps) {
  return (
    <div className="captcha-field">
      <Form.Item name="captcha_code" rules={[{ required: true, message: LoginMessages.captchaRequired }]} className="captcha-field__input">
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={LoginMessages.captchaRequired}
          aria-label="验证码"
          autoComplete="off"
          maxLength={16}
        />
      </Form.Item>
      <button type="button" className="captcha-field__image" onClick={onRefresh} title="看不清？换一张">
        <img src={captcha.image} alt="验证码图片，点击换一张" width={120} height={40} />
      </button>
    </div>
  );
}
