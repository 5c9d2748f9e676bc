import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { ArticleAdminTexts } from '@osp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFileObjectUrl } from '../../../api/articles-admin';
import { uploadFile } from '../../../api/files';
import { toast } from '../../../components/toast';

interface ArticleFormCoverProps {
  id?: string;
  /** The cover's file id (POST /api/files), or null for none. */
  value?: string | null;
  onChange?: (fileId: string | null) => void;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** 封面: one uploaded image, shown through the API client (an <img> cannot send the token), replaced or removed. */
export function ArticleFormCover({ id, value, onChange }: ArticleFormCoverProps) {
  const queryClient = useQueryClient();
  const [isUploading, setIsUploading] = useState(false);
  const fileId = value ?? null;
  const url = useFileObjectUrl(fileId).data;

  const handlePick = (picked: File) => {
    if (!picked.type.startsWith('image/')) {
      toast.error(ArticleAdminTexts.coverNotImage);
      return;
    }
    setIsUploading(true);
    uploadFile(queryClient, picked)
      .then((card) => onChange?.(card.id))
      // The API client has shown the server's refusal.
      .catch(() => undefined)
      .finally(() => setIsUploading(false));
  };

  return (
    <Flex id={id} gap={12} align="center" wrap className="article-form__cover">
      {fileId !== null && (
        <div className="article-form__cover-preview">
          {url ? <img src={url} alt={ArticleAdminTexts.fieldCover} /> : <PictureOutlined aria-label={ArticleAdminTexts.imageLoading} />}
        </div>
      )}
      <Flex vertical gap={4}>
        <Flex gap={8}>
          <Upload
            accept={IMAGE_TYPES}
            showUploadList={false}
            disabled={isUploading}
            beforeUpload={(picked) => {
              handlePick(picked);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<PictureOutlined />} loading={isUploading}>
              {fileId === null ? ArticleAdminTexts.coverUpload : ArticleAdminTexts.coverReplace}
            </Button>
          </Upload>
          {fileId !== null && (
            <Button danger icon={<DeleteOutlined />} aria-label={ArticleAdminTexts.coverRemove} onClick={() => onChange?.(null)} />
          )}
        </Flex>
        <span className="article-form__hint">{ArticleAdminTexts.coverHint}</span>
      </Flex>
    </Flex>
  );
}
