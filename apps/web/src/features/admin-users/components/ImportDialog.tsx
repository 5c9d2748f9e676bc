import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, List, Modal, Typography, Upload } from 'antd';
import { USER_IMPORT_MAX_ROWS, UserImportMessages, type UserImportRowError } from '@osp/shared';
import { useState } from 'react';
import { downloadImportTemplate, useImportUsers } from '../../../api/admin-users';
import { ApiError } from '../../../api/client';
import { showFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../utils/useIsMobile';
import { userRules } from '../user-rules';

interface ImportDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

interface Values {
  passwd: string;
}

function rowErrorsOf(error: unknown): UserImportRowError[] {
  const rows = error instanceof ApiError ? error.dataField('rows') : undefined;
  return Array.isArray(rows) ? (rows as UserImportRowError[]) : [];
}

/**
 * Imports users from the xlsx template, all or nothing. A refused file lists every bad row with
 * its number as the spreadsheet shows it, so the administrator can fix them all in one pass.
 */
export function ImportDialog({ isOpen, onClose }: ImportDialogProps) {
  const [form] = Form.useForm<Values>();
  const isMobile = useIsMobile();
  const importUsers = useImportUsers();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<UserImportRowError[]>([]);
  const [isDownloading, setIsDownloading] = useState(false);

  // Cleared on the way out, so that the next opening starts empty.
  const handleClose = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setBadRows([]);
    onClose();
  };

  const handleFinish = async ({ passwd }: Values) => {
    if (!file) {
      setFileError(UserImportMessages.fileRequired);
      return;
    }
    setBadRows([]);
    try {
      const result = await importUsers.mutateAsync({ file, passwd });
      toast.success(UserImportMessages.imported(result.imported));
      handleClose();
    } catch (error) {
      showFieldErrors(form, error);
      const rows = rowErrorsOf(error);
      setBadRows(rows);
      // Bad rows are listed below in full; the file field speaks only of the file itself.
      const fileMessages = error instanceof ApiError ? error.fieldErrors?.file : undefined;
      setFileError(rows.length === 0 ? (fileMessages?.[0] ?? null) : null);
    }
  };

  const handleTemplate = () => {
    setIsDownloading(true);
    downloadImportTemplate()
      .catch(() => undefined)
      .finally(() => setIsDownloading(false));
  };

  return (
    <Modal
      title="导入用户"
      open={isOpen}
      width={isMobile ? '100%' : 640}
      mask={{ closable: false }}
      onCancel={handleClose}
      onOk={() => form.submit()}
      okText="开始导入"
      confirmLoading={importUsers.isPending}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        按模板填写后上传 .xlsx 文件，一次最多 {USER_IMPORT_MAX_ROWS} 个用户。任何一行有误时不导入任何用户，并列出所有有误的行。
      </Typography.Paragraph>
      <Button icon={<DownloadOutlined />} loading={isDownloading} onClick={handleTemplate} style={{ marginBottom: 16 }}>
        下载导入模板
      </Button>
      <Form<Values> form={form} layout="vertical" name="import-users" onFinish={(values) => void handleFinish(values)}>
        <Form.Item label="Excel 文件" required validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setFileError(null);
              setBadRows([]);
              // Sent with the form, not on its own.
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item
          name="passwd"
          label="初始密码"
          rules={userRules.initialPassword}
          extra="导入的用户都用此密码登录，请通知他们登录后尽快修改"
        >
          <Input.Password maxLength={30} autoComplete="new-password" />
        </Form.Item>
      </Form>
      {badRows.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={UserImportMessages.failed(badRows.length)}
          description={
            <List
              className="user-import__rows"
              size="small"
              dataSource={badRows}
              rowKey="row"
              renderItem={(item) => (
                <List.Item>
                  <Typography.Text strong>第 {item.row} 行</Typography.Text>：{item.messages.join('；')}
                </List.Item>
              )}
            />
          }
        />
      )}
    </Modal>
  );
}
