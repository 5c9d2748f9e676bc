import { App, Button, Divider, Form, Modal, Result, Skeleton, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { ProfileMessages, type PersonUpdate } from '@osp/shared';
import { useMyHolidayStats } from '../../../api/holiday';
import { usePerson, useProfile, useUpdatePerson } from '../../../api/user';
import { showFieldErrors } from '../../../components/form-errors';
import { HolidaySummary } from '../../../components/HolidaySummary';
import { AvatarDialog } from './AvatarDialog';
import { ProfileForm } from './ProfileForm';
import { ProfilePhoto } from './ProfilePhoto';

interface ProfileDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** SPEC §2 个人信息: 650px, not closed by a click outside; the photo opens the avatar dialog. */
export function ProfileDialog({ isOpen, onClose }: ProfileDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PersonUpdate>();
  const [isAvatarOpen, setIsAvatarOpen] = useState(false);
  const update = useUpdatePerson();

  const handleSubmit = (values: PersonUpdate) => {
    update.mutate(values, {
      onSuccess: () => {
        void message.success(ProfileMessages.updated);
        onClose();
      },
      // The client has toasted the server's message; each invalid field gets its own too.
      onError: (error) => showFieldErrors(form, error),
    });
  };

  return (
    <>
      <Modal
        title="个人信息"
        open={isOpen}
        width={650}
        mask={{ closable: false }}
        destroyOnHidden
        okText="保存"
        confirmLoading={update.isPending}
        onOk={() => form.submit()}
        onCancel={onClose}
      >
        <ProfileDialogBody form={form} onChangePhoto={() => setIsAvatarOpen(true)} onSubmit={handleSubmit} />
      </Modal>
      <AvatarDialog isOpen={isAvatarOpen} onClose={() => setIsAvatarOpen(false)} />
    </>
  );
}

interface ProfileDialogBodyProps {
  form: FormInstance<PersonUpdate>;
  onChangePhoto: () => void;
  onSubmit: (values: PersonUpdate) => void;
}

/** Mounted only while the dialog is open (destroyOnHidden), so each opening loads fresh data. */
function ProfileDialogBody({ form, onChangePhoto, onSubmit }: ProfileDialogBodyProps) {
  const { data: profile } = useProfile();
  const person = usePerson();
  const holiday = useMyHolidayStats();

  if (person.isError) {
    return <Result status="warning" title="个人信息加载失败" extra={<Button onClick={() => void person.refetch()}>重试</Button>} />;
  }
  // Wait for this opening's answer rather than a cached one, so the form never starts stale.
  if (!profile || !person.data || !person.isFetchedAfterMount) return <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <div className="profile-dialog">
      <ProfilePhoto profile={profile} onClick={onChangePhoto} />
      <ProfileForm form={form} profile={profile} person={person.data} onSubmit={onSubmit} />
      <Divider titlePlacement="start">{holiday.data ? `${holiday.data.year}年假期` : '本年度假期'}</Divider>
      {holiday.data ? <HolidaySummary stats={holiday.data} /> : <Skeleton active paragraph={{ rows: 1 }} />}
      <Typography.Text type="secondary" className="profile-dialog__hint">
        可用天数 = 总天数 − 已休天数 − 申请中天数
      </Typography.Text>
    </div>
  );
}
