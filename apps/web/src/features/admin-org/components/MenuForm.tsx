import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, Popconfirm, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import { MENU_NAME_MAX, MENU_PATH_MAX, MENU_PATH_PATTERN, MenuBuiltinLabels, MenuMessages, MenuType, type AdminMenu } from '@osp/shared';
import { useEffect } from 'react';
import { useCreateMenu, useDeleteMenu, usePermissionGroups, useUpdateMenu } from '../../../api/admin-org';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { IconPicker } from './IconPicker';

export type MenuEditing = { kind: 'edit'; menu: AdminMenu } | { kind: 'create'; parentId: number | null; type: number };

interface MenuFormProps {
  editing: MenuEditing;
  tree: AdminMenu[];
  onSaved: (id: number) => void;
  onDeleted: () => void;
  onAddChild: (parentId: number) => void;
}

interface Values {
  name: string;
  path: string;
  type: number;
  parent_id: number | null;
  icon: string;
  permission: string | null;
  builtin: number;
  keep_alive: boolean;
  hidden: boolean;
}

interface FolderOption {
  value: number;
  title: string;
  children: FolderOption[];
}

const folderOptions = (menus: AdminMenu[]): FolderOption[] =>
  menus.filter((m) => m.type === MenuType.folder).map((m) => ({ value: m.id, title: m.name, children: folderOptions(m.children) }));

const builtinOptions = [0, 2, 1].map((value) => ({ value, label: `${value}（${MenuBuiltinLabels[value] ?? ''}）` }));

function initialValues(editing: MenuEditing): Values {
  if (editing.kind === 'create') {
    return {
      name: '',
      path: '',
      type: editing.type,
      parent_id: editing.parentId,
      icon: '',
      permission: null,
      builtin: 0,
      keep_alive: false,
      hidden: false,
    };
  }
  const { menu } = editing;
  return { ...menu, keep_alive: menu.keep_alive === 1, hidden: menu.hidden === 1 };
}

/** Creates or edits one menu row with every SPEC §3 field; the place in the tree changes by dragging. */
export function MenuForm({ editing, tree, onSaved, onDeleted, onAddChild }: MenuFormProps) {
  const [form] = Form.useForm<Values>();
  const groups = usePermissionGroups();
  const create = useCreateMenu();
  const update = useUpdateMenu();
  const remove = useDeleteMenu();
  const menu = editing.kind === 'edit' ? editing.menu : null;
  const type = Form.useWatch('type', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initialValues(editing));
  }, [editing, form]);

  const handleFinish = async (values: Values) => {
    const fields = {
      name: values.name,
      path: values.path,
      type: values.type === MenuType.folder ? (0 as const) : (1 as const),
      icon: values.icon ?? '',
      permission: values.permission ?? null,
      builtin: values.builtin as 0 | 1 | 2,
      keep_alive: values.keep_alive ? (1 as const) : (0 as const),
      hidden: values.hidden ? (1 as const) : (0 as const),
    };
    try {
      if (menu) {
        await update.mutateAsync({ id: menu.id, ...fields });
        toast.success(MenuMessages.updated);
        onSaved(menu.id);
      } else {
        const { id } = await create.mutateAsync({ ...fields, parent_id: values.parent_id ?? null });
        toast.success(MenuMessages.created);
        onSaved(id);
      }
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const permissionOptions = (groups.data ?? []).map((group) => ({
    label: group.group,
    title: group.group,
    options: group.permissions.map((p) => ({ value: p.key, label: `${p.name}（${p.key}）` })),
  }));

  const title = menu ? `编辑：${menu.name}` : editing.kind === 'create' && editing.type === MenuType.folder ? '新建目录' : '新建页面';

  return (
    <Card title={title} extra={menu && <OperationLogButton itemType="menu" itemId={menu.id} label="日志" />}>
      <Form<Values> form={form} layout="vertical" name="menu" onFinish={(values) => void handleFinish(values)}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="type" label="类型">
              <Radio.Group
                optionType="button"
                options={[
                  { value: MenuType.folder, label: '目录' },
                  { value: MenuType.page, label: '页面' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {menu ? (
              <Form.Item label="上级菜单" extra="拖动左侧的树可移动菜单">
                <Input value={tree.length > 0 && menu.parent_id !== null ? findName(tree, menu.parent_id) : '（顶级）'} disabled />
              </Form.Item>
            ) : (
              <Form.Item name="parent_id" label="上级目录">
                <TreeSelect treeData={folderOptions(tree)} allowClear treeDefaultExpandAll placeholder="顶级" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: MenuMessages.nameRequired }]}>
              <Input maxLength={MENU_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="path"
              label="路径"
              rules={[
                { required: true, whitespace: true, message: MenuMessages.pathRequired },
                { pattern: /^\//, message: MenuMessages.pathSlash },
                { pattern: MENU_PATH_PATTERN, message: MenuMessages.pathChars },
              ]}
            >
              <Input maxLength={MENU_PATH_MAX} placeholder="如 /system/users" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label="图标">
              <IconPicker />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="permission" label="所需权限" extra="留空则所有登录用户可见">
              <Select
                options={permissionOptions}
                allowClear
                placeholder="所有登录用户"
                loading={groups.isPending}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="builtin" label="内置标志" extra="0 和 2 生成路由，1 不生成">
              <Select options={builtinOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="keep_alive" label="页面缓存" valuePropName="checked">
              <Switch disabled={type === MenuType.folder} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="hidden" label="在菜单中隐藏" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Flex wrap gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {menu ? '保存' : '创建'}
          </Button>
          {menu?.type === MenuType.folder && (
            <Button icon={<PlusOutlined />} onClick={() => onAddChild(menu.id)}>
              新建下级
            </Button>
          )}
          {menu && (
            <Popconfirm
              title={`确认删除「${menu.name}」吗？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutate(menu.id, {
                  onSuccess: () => {
                    toast.success(MenuMessages.deleted);
                    onDeleted();
                  },
                })
              }
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

function findName(menus: AdminMenu[], id: number): string {
  for (const menu of menus) {
    if (menu.id === id) return menu.name;
    const name = findName(menu.children, id);
    if (name) return name;
  }
  return '';
}
