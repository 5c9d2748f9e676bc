import { ArrowLeftOutlined, CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Tag } from 'antd';
import { TemplateAdminTexts, TemplateDesignTexts, type TemplateDetail } from '@osp/shared';
import { useNavigate } from 'react-router';
import { useIsMobile } from '../../../utils/useIsMobile';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { TEMPLATE_ADMIN_PATH } from './design-path';

interface DesignHeaderProps {
  name: string;
  /** The template as last read or saved: version facts and published state. */
  facts: Pick<TemplateDetail, 'id' | 'is_iptv' | 'status' | 'version_no' | 'has_unpublished' | 'version_bills'>;
  isDirty: boolean;
  /** Which of the two calls runs, for the buttons' spinners. */
  saving: 'save' | 'publish' | null;
  onSave: () => void;
  onPublish: () => void;
}

/** The designer's title bar: back, name and state, 保存 and 发布, and what a change affects. */
export function DesignHeader({ name, facts, isDirty, saving, onSave, onPublish }: DesignHeaderProps) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const isPublished = facts.version_no > 0;
  return (
    <>
      <div className="template-design__header">
        <Button
          type="text"
          data-leave
          icon={<ArrowLeftOutlined />}
          aria-label={TemplateDesignTexts.back}
          onClick={() => void navigate(TEMPLATE_ADMIN_PATH)}
        />
        <div className="template-design__heading">
          <h2 className="template-design__title">{name}</h2>
          <div className="template-design__tags">
            {isPublished ? (
              <Tag color="green">{TemplateDesignTexts.published(facts.version_no)}</Tag>
            ) : (
              <Tag>{TemplateDesignTexts.neverPublished}</Tag>
            )}
            {isPublished && facts.has_unpublished && <Tag color="orange">{TemplateDesignTexts.unpublishedChanges}</Tag>}
            {isDirty && <Tag color="gold">{TemplateDesignTexts.unsaved}</Tag>}
            {facts.status !== 1 && <Tag>{TemplateAdminTexts.disabled}</Tag>}
            {facts.is_iptv === 1 && <Tag color="purple">{TemplateAdminTexts.iptvTag}</Tag>}
          </div>
        </div>
        <div className="template-design__actions">
          {!isMobile && <OperationLogButton itemType={facts.is_iptv === 1 ? 'iptv_template' : 'template'} itemId={facts.id} />}
          <Button icon={<SaveOutlined />} loading={saving === 'save'} disabled={saving === 'publish'} onClick={onSave}>
            {TemplateDesignTexts.save}
          </Button>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={saving === 'publish'}
            disabled={saving === 'save'}
            onClick={onPublish}
          >
            {TemplateDesignTexts.publish}
          </Button>
        </div>
      </div>
      <Alert
        className="template-design__notice"
        type={isPublished ? 'info' : 'warning'}
        showIcon
        title={
          isPublished
            ? TemplateDesignTexts.versionNotice(facts.version_no, facts.version_bills.total, facts.version_bills.in_progress)
            : TemplateDesignTexts.neverPublishedNotice
        }
      />
    </>
  );
}
