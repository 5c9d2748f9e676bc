import { CopyOutlined } from '@ant-design/icons';
import { Button, QRCode, Typography } from 'antd';
import { SurveyFillTexts } from '@osp/shared';
import { toast } from '../../../components/toast';

/** SPEC §9: the QR image is 200 × 200, as the header's. */
const QR_SIZE = 200;

/** The address a respondent opens: the public link when the survey has one, else the page that asks for sign-in. */
export function surveyShareUrl(surveyId: number, isPublic: boolean, origin = window.location.origin): string {
  return `${origin}${isPublic ? SurveyFillTexts.paths.fillPublic : SurveyFillTexts.paths.fillSignedIn}/${surveyId}`;
}

/** A survey's share link with its QR code and 复制链接, for a phone to scan off a screen or a poster. */
export function SurveyShareQr({ url }: { url: string }) {
  const handleCopy = () => {
    void navigator.clipboard
      .writeText(url)
      .then(() => toast.success(SurveyFillTexts.linkCopied))
      .catch(() => undefined);
  };
  return (
    <div className="survey-share-qr">
      <QRCode value={url} size={QR_SIZE} aria-label={SurveyFillTexts.shareQr} />
      <div className="survey-share-qr__link">
        <Typography.Text strong>{SurveyFillTexts.shareLink}</Typography.Text>
        <div>
          <a href={url} target="_blank" rel="noreferrer">
            {url}
          </a>
        </div>
        <Button icon={<CopyOutlined />} onClick={handleCopy} style={{ marginTop: 8 }}>
          {SurveyFillTexts.copyLink}
        </Button>
      </div>
    </div>
  );
}
