import { Button, Result } from 'antd';
import { SurveyFillTexts } from '@osp/shared';
import { Link } from 'react-router';
import { messageText } from '../../../components/HtmlMessage';

interface FillRefusalProps {
  /** The server's reason (不在填写范围内, 已结束…), already toasted by the API client; shown here in place of the form. */
  error: Error;
  /** Where to go instead (我的问卷 or 待我评价); none on the public pages. */
  back?: { to: string; label: string } | undefined;
}

/** A survey that cannot be filled: the reason in place of the form, so it stays on screen after the toast. */
export function FillRefusal({ error, back }: FillRefusalProps) {
  return (
    <Result
      status="warning"
      title={SurveyFillTexts.cannotFill}
      subTitle={<span role="alert">{messageText(error.message)}</span>}
      extra={
        back ? (
          <Link to={back.to}>
            <Button type="primary">{back.label}</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
