import { Alert, Button, Flex } from 'antd';
import { TemplateDesignTexts } from '@osp/shared';
import { formatDateTime } from '../../../utils/datetime';
import { isBaseChanged, type DraftCopy } from './draft-copy';

interface DraftCopyOfferProps {
  copy: DraftCopy;
  /** The template's updated_at as loaded: a copy read from an older one warns that restoring overwrites. */
  currentVersionKey: string;
  onRestore: () => void;
  onDiscard: () => void;
}

/** 发现未保存的修改: restore the copy an earlier visit left, or drop it. */
export function DraftCopyOffer({ copy, currentVersionKey, onRestore, onDiscard }: DraftCopyOfferProps) {
  const isStale = isBaseChanged(copy, currentVersionKey);
  return (
    <Alert
      className="template-design__notice"
      type={isStale ? 'warning' : 'info'}
      showIcon
      title={TemplateDesignTexts.localCopyFound(formatDateTime(copy.savedAt))}
      description={isStale ? TemplateDesignTexts.localCopyBaseChanged : undefined}
      action={
        <Flex gap={8} wrap>
          <Button size="small" type="primary" onClick={onRestore}>
            {TemplateDesignTexts.localCopyRestore}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {TemplateDesignTexts.localCopyDiscard}
          </Button>
        </Flex>
      }
    />
  );
}
