import { ArrowLeftOutlined, EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Skeleton, Tag } from 'antd';
import { ArticleAdminTexts, ArticleStatus, type FileCard } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { tabReplacing } from '../../../app/layouts/main/page-tabs';
import { useAdminArticle, usePublishArticle, useSaveArticle, type EditableArticle } from '../../../api/articles-admin';
import { showFieldErrors } from '../../../components/form-errors';
import { LoadFailed } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import {
  articleBodyOf,
  articleValuesOf,
  emptyArticleValues,
  FORM_FIELD_OF,
  type ArticleFormValues,
} from '../components/article-form-values';
import { ArticleForm } from '../components/ArticleForm';
import '../../../components/bill-form/bill-form.css';
import '../article-admin.css';

const PREVIEW_PATH = '/dashboard/preview-artical';

/** The route's id: a positive integer, or undefined for /article/edit/new (anything else the server answers 404/422 for). */
function idOf(param: string | undefined): number | undefined {
  return param === undefined || param === 'new' ? undefined : Number(param);
}

/** /article/edit/new and /article/edit/{id} (article_admin): writing an article, saving it as a draft, publishing it. */
export default function ArticleEditPage() {
  const params = useParams<{ id: string }>();
  const routeId = idOf(params.id);
  const article = useAdminArticle(routeId);
  if (routeId === undefined) return <ArticleEditor key="new" />;
  if (article.error && !article.data) return <LoadFailed error={article.error} onRetry={() => void article.refetch()} />;
  if (!article.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <ArticleEditor key={routeId} article={article.data} />;
}

function ArticleEditor({ article }: { article?: EditableArticle }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<ArticleFormValues>();
  const [saved, setSaved] = useState(article);
  const [isDirty, setIsDirty] = useState(false);
  const save = useSaveArticle();
  const publish = usePublishArticle();
  const initialValues = useMemo(() => (article ? articleValuesOf(article) : emptyArticleValues()), [article]);
  const knownFiles = useMemo(
    () => Object.fromEntries((article?.attachments ?? []).map((file) => [file.id, file])) as Record<string, FileCard>,
    [article],
  );
  useLeaveGuard(isDirty, '.article-edit');

  const isBusy = save.isPending || publish.isPending;
  const status = saved?.status;
  const canPublish = status === undefined || status !== ArticleStatus.published;

  /**
   * Saves what the form holds; undefined when the form or the server refused it (the reasons are at the fields).
   * `isQuiet`: the caller toasts what comes next instead; `isStaying`: the caller goes on with this page (publish), so a
   * new article does not move to its own address yet — moving mounts the page afresh.
   */
  const handleSave = async ({ isQuiet = false, isStaying = false } = {}): Promise<EditableArticle | undefined> => {
    try {
      await form.validateFields();
    } catch {
      return undefined;
    }
    // Every value, also of fields not on screen (the role list needs template_admin to show).
    const values = form.getFieldsValue(true) as ArticleFormValues;
    try {
      const answer = await save.mutateAsync({ id: saved?.id, body: articleBodyOf(values) });
      setSaved(answer.data);
      setIsDirty(false);
      if (!isQuiet) toast.success(answer.message);
      // A new article moves to its own address (a reload or a link finds it there). The page there starts from the
      // article just saved, which the save put in the cache: what was typed is what was kept.
      // Its tab goes with it: 新建文章 becomes the article's own, not a second tab beside it.
      if (!saved && !isStaying) {
        void navigate(`${ArticleAdminTexts.editPath}/${answer.data.id}`, { replace: true, state: tabReplacing(location.pathname) });
      }
      return answer.data;
    } catch (error) {
      showFieldErrors(form, error, FORM_FIELD_OF);
      return undefined;
    }
  };

  const handlePublish = async () => {
    const stored = await handleSave({ isQuiet: true, isStaying: true });
    if (!stored) return;
    try {
      const answer = await publish.mutateAsync(stored.id);
      toast.success(answer.message);
      void navigate(ArticleAdminTexts.managePath);
    } catch (error) {
      // Saved as it was typed; 下线时间已过 comes back at its field. A new article stays at this address for now (moving
      // would mount the page afresh and lose the message); its next save goes to the article already made.
      showFieldErrors(form, error, FORM_FIELD_OF);
    }
  };

  const handlePreview = async () => {
    // Opened now, while the click still counts as the user's (a window opened after the save would be blocked).
    const tab = window.open('about:blank', '_blank');
    const stored = await handleSave({ isQuiet: true });
    if (!stored) {
      tab?.close();
      return;
    }
    const url = `${PREVIEW_PATH}/${stored.id}`;
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
  };

  return (
    <div className="article-edit">
      <Card
        variant="borderless"
        title={
          <Flex gap={8} align="center" wrap>
            <span>{saved ? ArticleAdminTexts.editTitle : ArticleAdminTexts.newTitle}</span>
            {saved && (
              <Tag
                color={saved.status === ArticleStatus.published ? 'green' : saved.status === ArticleStatus.withdrawn ? 'orange' : 'default'}
              >
                {saved.status_label}
              </Tag>
            )}
          </Flex>
        }
      >
        <ArticleForm form={form} initialValues={initialValues} knownFiles={knownFiles} onChange={() => setIsDirty(true)} />
      </Card>
      <Flex className="article-edit__actions" gap={8} wrap justify="flex-end">
        <Button icon={<ArrowLeftOutlined />} data-leave="" onClick={() => void navigate(ArticleAdminTexts.managePath)}>
          {ArticleAdminTexts.back}
        </Button>
        <Button icon={<EyeOutlined />} disabled={isBusy} onClick={() => void handlePreview()}>
          {ArticleAdminTexts.preview}
        </Button>
        <Button icon={<SaveOutlined />} loading={save.isPending && !publish.isPending} disabled={isBusy} onClick={() => void handleSave()}>
          {status === undefined || status === ArticleStatus.draft ? ArticleAdminTexts.saveDraft : ArticleAdminTexts.save}
        </Button>
        {canPublish && (
          <Button type="primary" icon={<SendOutlined />} loading={publish.isPending} disabled={isBusy} onClick={() => void handlePublish()}>
            {ArticleAdminTexts.saveAndPublish}
          </Button>
        )}
      </Flex>
    </div>
  );
}
