import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { BillStartTexts, type TemplateSummary } from '@osp/shared';
import type { KeyboardEvent } from 'react';
import { MenuIcon } from '../../../components/MenuIcon';

interface TemplateCardProps {
  template: TemplateSummary;
  isToggling: boolean;
  onOpen: (template: TemplateSummary) => void;
  onToggleFavorite: (template: TemplateSummary) => void;
}

/** One template: icon, name and description; the whole card opens it, the star keeps it at the top. */
export function TemplateCard({ template, isToggling, onOpen, onToggleFavorite }: TemplateCardProps) {
  const isDisabled = !template.startable;
  const open = () => {
    if (!isDisabled) onOpen(template);
  };
  const handleKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const starLabel = `${template.favorite ? BillStartTexts.unstar : BillStartTexts.star}「${template.name}」`;
  return (
    <div
      className={isDisabled ? 'template-card template-card--disabled' : 'template-card'}
      role="button"
      tabIndex={isDisabled ? -1 : 0}
      aria-disabled={isDisabled}
      aria-label={template.name}
      data-testid="template-card"
      onClick={open}
      onKeyDown={handleKey}
    >
      <span className="template-card__icon" aria-hidden>
        <MenuIcon name={template.icon} />
      </span>
      <span className="template-card__body">
        <span className="template-card__name">{template.name}</span>
        <span className="template-card__description">{isDisabled ? BillStartTexts.notStartable : template.description}</span>
      </span>
      <Tooltip title={template.favorite ? BillStartTexts.unstar : BillStartTexts.star}>
        <Button
          type="text"
          size="small"
          className={template.favorite ? 'template-card__star template-card__star--on' : 'template-card__star'}
          aria-label={starLabel}
          aria-pressed={template.favorite}
          loading={isToggling}
          icon={template.favorite ? <StarFilled /> : <StarOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            onToggleFavorite(template);
          }}
        />
      </Tooltip>
    </div>
  );
}
