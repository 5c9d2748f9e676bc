import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface ActionDialogProps<Values> {
  form: FormInstance<Values>;
  open: boolean;
  title: string;
  okText: string;
  /** A red confirm button, for actions that end or send back a bill. */
  danger?: boolean;
  loading: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The shell of the detail page's action dialogs (operate, close, share): a modal around a vertical form
 * that starts empty each time it opens. The forms have no client rules — the server's 422 lands at the
 * field — and antd clears a field's errors only by re-running its rules, so a refusal is cleared here as
 * soon as the user changes that field.
 */
export function ActionDialog<Values>({ form, open, title, okText, danger, loading, onOk, onClose, children }: ActionDialogProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading }}
      onOk={onOk}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) form.resetFields();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        className="operate-form"
        preserve={false}
        onValuesChange={(changed: object) => {
          // The changed values' top-level keys are the form's own field names.
          const names = Object.keys(changed);
          const fields: Pick<FormInstance, 'setFields'> = form;
          if (names.length > 0) fields.setFields(names.map((name) => ({ name, errors: [] })));
        }}
      >
        {children}
      </Form>
    </Modal>
  );
}
