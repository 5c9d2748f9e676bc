import { CopyOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { SURVEY_RESULT_LINK_DAYS_MAX, SurveyResultTexts } from '@osp/shared';
import { exportSurveyResponses, useCreateResultLink, useRevokeResultLink } from '../../../api/survey-results';
import { ExportButton } from '../../../components/ExportButton';
import { toast } from '../../../components/toast';
import { formatDateTime } from '../../../utils/datetime';
import { publicResultUrl } from './result-link';

const DAYS_DEFAULT = 7;

interface ExportPanelProps {
  surveyId: number;
  anonymous: boolean;
  responses: number;
  /** An evaluation's ratee whose responses alone are exported; all when undefined. */
  rateeId?: number | undefined;
}

/** 导出 with and without the personal columns (an anonymous survey has none to give). */
export function ExportPanel({ surveyId, anonymous, responses, rateeId }: ExportPanelProps) {
  const isEmpty = responses === 0;
  return (
    <Card size="small" title={SurveyResultTexts.exportTitle}>
      <Flex wrap gap={8}>
        {!anonymous && (
          <ExportButton
            label={SurveyResultTexts.exportAll}
            hint={isEmpty ? SurveyResultTexts.exportEmpty : SurveyResultTexts.exportAllHint}
            isDisabled={isEmpty}
            onExport={() => exportSurveyResponses(surveyId, true, rateeId)}
          />
        )}
        <ExportButton
          label={SurveyResultTexts.exportPlain}
          hint={isEmpty ? SurveyResultTexts.exportEmpty : SurveyResultTexts.exportPlainHint}
          isDisabled={isEmpty}
          onExport={() => exportSurveyResponses(surveyId, false, rateeId)}
        />
      </Flex>
      {anonymous && (
        <Typography.Text type="secondary" className="survey-result-note">
          {SurveyResultTexts.exportAnonymousHint}
        </Typography.Text>
      )}
    </Card>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    // navigator.clipboard exists only on HTTPS pages and localhost; the product is often opened over plain HTTP.
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): the link stays selectable in its field.
  }
  return false;
}

interface ResultLinkPanelProps {
  surveyId: number;
  link: { token: string; expires_at: string } | null;
}

/** 公开结果链接: make one living some days, copy it, revoke it; whoever opens it sees the aggregates only. */
export function ResultLinkPanel({ surveyId, link }: ResultLinkPanelProps) {
  const { modal } = App.useApp();
  const [days, setDays] = useState<number | null>(DAYS_DEFAULT);
  const create = useCreateResultLink(surveyId);
  const revoke = useRevokeResultLink(surveyId);
  const url = link ? publicResultUrl(window.location.origin, surveyId, link.token) : '';

  const handleCopy = () => {
    void copyText(url).then((done) => (done ? toast.success(SurveyResultTexts.linkCopied) : toast.error(SurveyResultTexts.linkCopyFailed)));
  };
  const handleRevoke = () => {
    void modal.confirm({
      title: SurveyResultTexts.linkRevoke,
      content: SurveyResultTexts.linkRevokeConfirm,
      okButtonProps: { danger: true },
      onOk: () =>
        revoke.mutateAsync().then(
          ({ message }) => toast.success(message || SurveyResultTexts.linkRevoked),
          () => undefined,
        ),
    });
  };

  return (
    <Card size="small" title={SurveyResultTexts.linkTitle} data-testid="survey-result-link">
      <Typography.Paragraph type="secondary">{SurveyResultTexts.linkHint}</Typography.Paragraph>
      {link ? (
        <Space orientation="vertical" className="survey-result-link__current">
          <Space.Compact className="survey-result-link__field">
            <Input readOnly value={url} aria-label={SurveyResultTexts.linkTitle} onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined />} onClick={handleCopy}>
              {SurveyResultTexts.linkCopy}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {SurveyResultTexts.linkExpiresAt} {formatDateTime(link.expires_at)}
          </Typography.Text>
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">{SurveyResultTexts.linkNone}</Typography.Paragraph>
      )}
      <Flex wrap gap={8} align="center" className="survey-result-link__actions">
        <span>{SurveyResultTexts.linkDays}</span>
        <InputNumber<number>
          min={1}
          max={SURVEY_RESULT_LINK_DAYS_MAX}
          precision={0}
          value={days}
          onChange={setDays}
          aria-label={SurveyResultTexts.linkDays}
          className="survey-result-link__days"
        />
        <Button
          type="primary"
          icon={<LinkOutlined />}
          disabled={days === null}
          loading={create.isPending}
          onClick={() => days !== null && create.mutate(days)}
        >
          {link ? SurveyResultTexts.linkRenew : SurveyResultTexts.linkCreate}
        </Button>
        {link && (
          <Button danger icon={<DeleteOutlined />} loading={revoke.isPending} onClick={handleRevoke}>
            {SurveyResultTexts.linkRevoke}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
