import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Modal, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { AvatarMessages } from '@osp/shared';
import { useUploadAvatar } from '../../../api/user';
import { ButtonGuarded } from '../../../components/ButtonGuarded';
import { AvatarEditor, type AvatarCrop } from './AvatarEditor';
import { cropToPng, loadImage } from './crop-image';

interface AvatarDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** SPEC §2 avatar dialog: 800px, not closed by a click outside. */
export function AvatarDialog({ isOpen, onClose }: AvatarDialogProps) {
  return (
    <Modal title="修改头像" open={isOpen} width={800} mask={{ closable: false }} destroyOnHidden footer={null} onCancel={onClose}>
      <AvatarDialogBody onClose={onClose} />
    </Modal>
  );
}

/** Mounted per opening, so a new opening starts without the last picture. */
function AvatarDialogBody({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const upload = useUploadAvatar();
  const [imageUrl, setImageUrl] = useState<string>();
  const [crop, setCrop] = useState<AvatarCrop>();
  const [isSaving, setIsSaving] = useState(false);

  // The picture lives in memory as an object URL; free it when replaced or when the dialog closes.
  useEffect(() => (imageUrl ? () => URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  /** Only a picture the browser can decode is taken: a text file named .png is still refused. */
  const acceptPicture = async (file: File) => {
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
    } catch {
      URL.revokeObjectURL(url);
      void message.error(AvatarMessages.notImage);
      return;
    }
    setCrop(undefined);
    setImageUrl(url);
  };

  const handleChoose: UploadProps['beforeUpload'] = (file) => {
    if (file.type.startsWith('image/')) void acceptPicture(file);
    else void message.error(AvatarMessages.notImage);
    // Nothing is sent yet: the upload is the cropped png, on 保存.
    return Upload.LIST_IGNORE;
  };

  const handleSave = async () => {
    if (!imageUrl || !crop) return;
    setIsSaving(true);
    try {
      await upload.mutateAsync(await cropToPng(imageUrl, crop.area, crop.rotation));
      void message.success(AvatarMessages.success);
      onClose();
    } catch {
      void message.error(AvatarMessages.failed);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="avatar-dialog">
      {imageUrl ? (
        <AvatarEditor key={imageUrl} imageUrl={imageUrl} onCropChange={setCrop} />
      ) : (
        <Empty
          image={<PictureOutlined className="avatar-dialog__placeholder" />}
          description="请选择一张图片，拖动和缩放以选取 200×200 的头像区域"
        />
      )}
      <div className="avatar-dialog__footer">
        <Upload accept="image/*" showUploadList={false} maxCount={1} beforeUpload={handleChoose}>
          <Button icon={<UploadOutlined />}>{imageUrl ? '重新选择' : '选择图片'}</Button>
        </Upload>
        <span className="avatar-dialog__spacer" />
        <Button onClick={onClose}>取消</Button>
        <ButtonGuarded type="primary" loading={isSaving} disabled={!imageUrl || !crop} onClick={() => void handleSave()}>
          保存
        </ButtonGuarded>
      </div>
    </div>
  );
}
