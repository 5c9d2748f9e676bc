import { Alert, Form, Input, Modal } from 'antd';
import { AdminUserMessages, type AdminPasswordReset, type AdminUser } from '@osp/shared';
import { useEffect } from 'react';
import { useResetPassword } from '../../../api/admin-users';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { userRules } from '../user-rules';

interface ResetPasswordDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Sets a new password for a user; the server signs them out everywhere (SPEC §5 rules). */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const [form] = Form.useForm<AdminPasswordReset>();
  const reset = useResetPassword();

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const handleFinish = async (values: AdminPasswordReset) => {
    if (!user) return;
    try {
      await reset.mutateAsync({ id: user.id, ...values });
      toast.success(AdminUserMessages.passwordReset);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      title={user ? `重置密码 · ${user.name}（${user.username}）` : '重置密码'}
      open={user !== null}
      width={550}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="重置"
      confirmLoading={reset.isPending}
      forceRender
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="重置后该用户所有已登录的设备立即下线，需用新密码重新登录。" />
      <Form<AdminPasswordReset> form={form} layout="vertical" name="reset-password" onFinish={(values) => void handleFinish(values)}>
        <Form.Item name="passwd" label="新密码" rules={userRules.newPassword} extra="8-30位，含数字、大小写字母、特殊符号中至少三种">
          <Input.Password maxLength={30} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="passwd_confirmation" label="确认密码" dependencies={['passwd']} rules={userRules.confirmPassword}>
          <Input.Password maxLength={30} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
