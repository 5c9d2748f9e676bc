import { Col, Form, Input, Modal, Radio, Row } from 'antd';
import { AdminUserMessages, SEX_LABELS, SEX_VALUES, type AdminUser, type Sex } from '@osp/shared';
import { useEffect } from 'react';
import { useCreateUser, useUpdateUser } from '../../../api/admin-users';
import { showFieldErrors } from '../../../components/form-errors';
import { DeptPicker, RolePicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../utils/useIsMobile';
import { userRules } from '../user-rules';

interface UserFormDialogProps {
  /** 'new' to create; a user to edit; null when closed. */
  user: AdminUser | 'new' | null;
  onClose: () => void;
}

interface Values {
  username: string;
  name: string;
  sex: Sex;
  dept_id: number;
  station: string;
  mobile: string;
  mail: string;
  roles: string[];
  passwd: string;
}

const sexOptions = SEX_VALUES.map((value) => ({ value, label: SEX_LABELS[value] }));

/**
 * Creates a user (with roles and an initial password) or edits one. The username is the sign-in
 * name and stays as created; passwords and roles of an existing user have their own dialogs.
 */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const isMobile = useIsMobile();
  const isNew = user === 'new';

  useEffect(() => {
    if (user === null) return;
    form.resetFields();
    if (user !== 'new') {
      form.setFieldsValue({
        username: user.username,
        name: user.name,
        sex: user.sex as Sex,
        dept_id: user.dept?.id,
        station: user.station,
        mobile: user.mobile,
        mail: user.mail,
      });
    }
  }, [user, form]);

  const handleFinish = async (values: Values) => {
    try {
      if (user === 'new') {
        await create.mutateAsync(values);
        toast.success(AdminUserMessages.created);
      } else if (user) {
        const { name, sex, dept_id, station, mobile, mail } = values;
        await update.mutateAsync({ id: user.id, name, sex, dept_id, station, mobile, mail });
        toast.success(AdminUserMessages.updated);
      }
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const half = isMobile ? 24 : 12;
  return (
    <Modal
      title={isNew ? '新建用户' : '编辑用户'}
      open={user !== null}
      width={isMobile ? '100%' : 680}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={isNew ? '创建' : '保存'}
      confirmLoading={create.isPending || update.isPending}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="admin-user"
        initialValues={{ sex: '1', roles: ['staff'], station: '' }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Row gutter={16}>
          <Col span={half}>
            <Form.Item
              name="username"
              label="用户名"
              rules={isNew ? userRules.username : []}
              extra={isNew ? '登录用，创建后不可修改' : undefined}
            >
              <Input disabled={!isNew} maxLength={64} autoComplete="off" placeholder="如 zhangsan" />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="name" label="姓名" rules={userRules.name}>
              <Input maxLength={64} placeholder="如 张三" />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="sex" label="性别" rules={userRules.sex}>
              <Radio.Group options={sexOptions} />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="dept_id" label="部门" rules={userRules.dept_id}>
              <DeptPicker placeholder="请选择部门" />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="station" label="岗位" rules={userRules.station}>
              <Input maxLength={100} placeholder="如 软件工程师" />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="mobile" label="手机号" required rules={userRules.mobile}>
              <Input inputMode="numeric" maxLength={11} placeholder="11位手机号" />
            </Form.Item>
          </Col>
          <Col span={isNew ? half : 24}>
            <Form.Item name="mail" label="邮箱" required rules={userRules.mail}>
              <Input maxLength={100} placeholder="如 zhangsan@example.com" />
            </Form.Item>
          </Col>
          {isNew && (
            <>
              <Col span={half}>
                <Form.Item
                  name="passwd"
                  label="初始密码"
                  rules={userRules.initialPassword}
                  extra="8-30位，含数字、大小写字母、特殊符号中至少三种"
                >
                  <Input.Password maxLength={30} autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="roles" label="角色">
                  <RolePicker source="grants" placeholder="请选择角色" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
