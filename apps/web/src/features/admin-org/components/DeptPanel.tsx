import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Tooltip } from 'antd';
import { DEPT_NAME_MAX, DeptMessages, type AdminDept } from '@osp/shared';
import { useEffect } from 'react';
import { useDeleteDept, useRenameDept, useSetDeptLeader } from '../../../api/admin-org';
import { showFieldErrors } from '../../../components/form-errors';
import { PersonPicker } from '../../../components/pickers';
import { toast } from '../../../components/toast';
import { OperationLogButton } from '../../../components/OperationLogDrawer';

interface DeptPanelProps {
  dept: AdminDept;
  parentName: string;
  onAddChild: () => void;
  onDeleted: () => void;
}

interface Values {
  name: string;
  leader_id: number | null;
}

/** The selected department: rename it, choose its leader, add a sub-department, delete it. */
export function DeptPanel({ dept, parentName, onAddChild, onDeleted }: DeptPanelProps) {
  const [form] = Form.useForm<Values>();
  const rename = useRenameDept();
  const setLeader = useSetDeptLeader();
  const remove = useDeleteDept();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ name: dept.name, leader_id: dept.leader_id });
  }, [dept.id, dept.name, dept.leader_id, form]);

  const handleFinish = async (values: Values) => {
    const leaderId = values.leader_id ?? null;
    try {
      if (values.name.trim() !== dept.name) await rename.mutateAsync({ id: dept.id, name: values.name });
      if (leaderId !== dept.leader_id) await setLeader.mutateAsync({ id: dept.id, leader_id: leaderId });
      toast.success('部门已保存');
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card
      title={dept.name}
      extra={<OperationLogButton itemType="dept" itemId={dept.id} label="日志" />}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="上级部门">{parentName || '（顶级）'}</Descriptions.Item>
        <Descriptions.Item label="直属人数">{dept.user_count}</Descriptions.Item>
        <Descriptions.Item label="下级部门">{dept.children.length}</Descriptions.Item>
        <Descriptions.Item label="负责人">{dept.leader_name || '未设置'}</Descriptions.Item>
      </Descriptions>
      <Form<Values> form={form} layout="vertical" name="dept-edit" onFinish={(values) => void handleFinish(values)}>
        <Form.Item name="name" label="部门名称" rules={[{ required: true, whitespace: true, message: DeptMessages.nameRequired }]}>
          <Input maxLength={DEPT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="leader_id" label="负责人" extra="审批流程中“发起人所在部门负责人”即此人；只能选择已启用的用户">
          <PersonPicker allowClear placeholder="搜索姓名或用户名" />
        </Form.Item>
        <Flex wrap gap={8}>
          <Button type="primary" htmlType="submit" loading={rename.isPending || setLeader.isPending}>
            保存
          </Button>
          <Button icon={<PlusOutlined />} onClick={onAddChild}>
            新建下级部门
          </Button>
          <Tooltip title={dept.delete_blocked_reason || undefined}>
            <span>
              <Popconfirm
                title={`确认删除部门「${dept.name}」吗？`}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutate(dept.id, {
                    onSuccess: () => {
                      toast.success(DeptMessages.deleted);
                      onDeleted();
                    },
                  })
                }
                disabled={!dept.abilities.delete}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!dept.abilities.delete} loading={remove.isPending}>
                  删除
                </Button>
              </Popconfirm>
            </span>
          </Tooltip>
        </Flex>
        {!dept.abilities.delete && <p className="admin-page__description">{dept.delete_blocked_reason}</p>}
      </Form>
    </Card>
  );
}
