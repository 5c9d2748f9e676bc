import { Empty, Input, Segmented, Skeleton } from 'antd';
import { ApprovalMessages, BillStartTexts, hasAnyPermission, IPTV_TEMPLATE_PERMISSIONS, type TemplateSummary } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartTemplates, useTemplateGroups, useToggleFavorite } from '../../../api/bills-edit';
import { useProfile } from '../../../api/user';
import { toast } from '../../../components/toast';
import { newBillPath } from '../../../utils/bill-paths';
import { TemplateCard } from './TemplateCard';
import './start.css';

const ALL = 0;
const IPTV_GROUP = -1;

interface Section {
  key: string;
  title: string;
  templates: TemplateSummary[];
}

function matches(template: TemplateSummary, keyword: string): boolean {
  if (keyword === '') return true;
  const text = `${template.name} ${template.description} ${template.group_name}`.toLowerCase();
  return text.includes(keyword.toLowerCase());
}

/**
 * /office/approval (发起审批): every template the user may start, by group, favourites first; a search
 * box; a star per card. IPTV templates show only for holders of an IPTV permission, and the API
 * decides again when they are read.
 */
export default function StartApprovalPage() {
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const mayStartIptv = profile ? hasAnyPermission(profile.permissions, IPTV_TEMPLATE_PERMISSIONS) : false;
  const groups = useTemplateGroups();
  const templates = useStartTemplates(false);
  const iptvTemplates = useStartTemplates(true, mayStartIptv);
  const toggleFavorite = useToggleFavorite();
  const [keyword, setKeyword] = useState('');
  const [groupId, setGroupId] = useState<number>(ALL);

  const all = useMemo(
    () => [...(templates.data?.list ?? []), ...(mayStartIptv ? (iptvTemplates.data?.list ?? []) : [])],
    [templates.data, iptvTemplates.data, mayStartIptv],
  );

  const groupOptions = useMemo(() => {
    const used = new Set(all.filter((t) => t.is_iptv !== 1).map((t) => t.group_id));
    const options: { value: number; label: string }[] = [{ value: ALL, label: BillStartTexts.allGroups }];
    for (const group of groups.data ?? []) if (used.has(group.id)) options.push({ value: group.id, label: group.name });
    if (all.some((t) => t.is_iptv === 1)) options.push({ value: IPTV_GROUP, label: BillStartTexts.iptv });
    return options;
  }, [all, groups.data]);

  const sections = useMemo<Section[]>(() => {
    const keywordText = keyword.trim();
    const inGroup = (t: TemplateSummary) =>
      groupId === ALL || (groupId === IPTV_GROUP ? t.is_iptv === 1 : t.is_iptv !== 1 && t.group_id === groupId);
    const shown = all.filter((t) => inGroup(t) && matches(t, keywordText));
    const result: Section[] = [{ key: 'favorites', title: BillStartTexts.favorites, templates: shown.filter((t) => t.favorite) }];
    const rest = shown.filter((t) => !t.favorite);
    for (const group of groups.data ?? []) {
      result.push({
        key: `group-${group.id}`,
        title: group.name,
        templates: rest.filter((t) => t.is_iptv !== 1 && t.group_id === group.id),
      });
    }
    result.push({ key: 'iptv', title: BillStartTexts.iptv, templates: rest.filter((t) => t.is_iptv === 1) });
    return result.filter((section) => section.templates.length > 0);
  }, [all, groups.data, groupId, keyword]);

  const handleOpen = (template: TemplateSummary) => {
    void navigate(newBillPath(template));
  };

  const handleToggleFavorite = (template: TemplateSummary) => {
    toggleFavorite.mutate(
      { template, favorite: !template.favorite },
      {
        onSuccess: ({ message }) =>
          toast.success(message || (template.favorite ? ApprovalMessages.unfavorited : ApprovalMessages.favorited)),
      },
    );
  };

  const isLoading = templates.isPending || groups.isPending;
  const keywordText = keyword.trim();
  return (
    <div className="start-page">
      <div className="start-page__header">
        <h2 className="start-page__title">{BillStartTexts.title}</h2>
        <p className="start-page__description">{BillStartTexts.description}</p>
      </div>
      <div className="start-page__filters">
        <Input.Search
          allowClear
          className="start-page__search"
          placeholder={BillStartTexts.search}
          aria-label={BillStartTexts.searchLabel}
          maxLength={50}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <div className="start-page__groups">
          <Segmented<number> options={groupOptions} value={groupId} onChange={setGroupId} />
        </div>
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : sections.length === 0 ? (
        <Empty className="start-page__empty" description={keywordText ? BillStartTexts.noMatch(keywordText) : BillStartTexts.noTemplates} />
      ) : (
        sections.map((section) => (
          <section key={section.key} className="start-page__section" aria-label={section.title}>
            <h3 className="start-page__section-title">
              {section.title}
              <span className="start-page__count">{section.templates.length}</span>
            </h3>
            <div className="start-page__grid">
              {section.templates.map((template) => (
                <TemplateCard
                  key={`${template.is_iptv}-${template.id}`}
                  template={template}
                  isToggling={toggleFavorite.isPending && toggleFavorite.variables.template.id === template.id}
                  onOpen={handleOpen}
                  onToggleFavorite={handleToggleFavorite}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
