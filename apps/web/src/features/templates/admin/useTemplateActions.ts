import { App } from 'antd';
import { ApprovalMessages, TemplateAdminTexts, type TemplateGroup, type TemplateSummary } from '@osp/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useCopyTemplate,
  useDeleteTemplate,
  useDeleteTemplateGroup,
  useSetTemplateStatus,
  useSortTemplateGroups,
  useSortTemplates,
} from '../../../api/templates';
import { toast } from '../../../components/toast';
import { designPath } from '../design/design-path';
import type { TemplateAction } from './TemplateList';

/**
 * What 模板管理's rows and groups do: reorder, switch on or off, copy, delete (after a confirm), open the
 * designer, and which template 移动到分组 is open for. Refusals are shown by the API client.
 */
export function useTemplateActions({ onGroupDeleted }: { onGroupDeleted: (id: number) => void }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const sortGroups = useSortTemplateGroups();
  const deleteGroup = useDeleteTemplateGroup();
  const sortTemplates = useSortTemplates();
  const setStatus = useSetTemplateStatus();
  const copyTemplate = useCopyTemplate();
  const deleteTemplate = useDeleteTemplate();
  const [movingTemplate, setMovingTemplate] = useState<TemplateSummary | null>(null);
  const [togglingId, setTogglingId] = useState<number | null>(null);

  const reorderGroups = (ids: number[]) => sortGroups.mutate(ids, { onSuccess: () => toast.success(TemplateAdminTexts.sorted) });

  const reorderTemplates = (ids: number[]) => sortTemplates.mutate({ ids }, { onSuccess: () => toast.success(TemplateAdminTexts.sorted) });

  const removeGroup = (group: TemplateGroup) => {
    modal.confirm({
      title: TemplateAdminTexts.deleteGroupConfirm(group.name),
      okText: TemplateAdminTexts.remove,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteGroup.mutateAsync(group.id);
          toast.success(ApprovalMessages.deleted);
          onGroupDeleted(group.id);
        } catch {
          // Shown by the client (e.g. the group still holds templates).
        }
      },
    });
  };

  const toggle = (template: TemplateSummary, isEnabled: boolean) => {
    setTogglingId(template.id);
    setStatus.mutate(
      { template, status: isEnabled ? 1 : 0 },
      { onSuccess: () => toast.success(TemplateAdminTexts.statusSaved(isEnabled)), onSettled: () => setTogglingId(null) },
    );
  };

  const act = (template: TemplateSummary, action: TemplateAction) => {
    switch (action) {
      case 'design':
        void navigate(designPath({ templateId: template.id, isIptv: template.is_iptv === 1 }));
        return;
      case 'copy':
        copyTemplate.mutate(template, { onSuccess: (copy) => toast.success(ApprovalMessages.templateCopied(copy.name)) });
        return;
      case 'move':
        setMovingTemplate(template);
        return;
      case 'delete':
        modal.confirm({
          title: TemplateAdminTexts.deleteTemplateConfirm(template.name),
          content: TemplateAdminTexts.deleteTemplateHint,
          okText: TemplateAdminTexts.remove,
          okButtonProps: { danger: true },
          onOk: async () => {
            try {
              await deleteTemplate.mutateAsync(template);
              toast.success(ApprovalMessages.deleted);
            } catch {
              // Shown by the client (bills use the template).
            }
          },
        });
        return;
    }
  };

  return {
    reorderGroups,
    reorderTemplates,
    removeGroup,
    toggle,
    act,
    togglingId,
    movingTemplate,
    closeMove: () => setMovingTemplate(null),
  };
}
