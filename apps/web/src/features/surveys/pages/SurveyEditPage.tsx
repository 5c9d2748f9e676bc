import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { useAdminSurvey } from '../api/survey-admin-api';
import { SurveyDesigner } from '../designer/SurveyDesigner';
import '../surveys-admin.css';

/** /survey/edit/{id} (survey_admin): the designer of one survey. A new survey is made on the list (新建问卷) first. */
export default function SurveyEditPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const survey = useAdminSurvey(id);
  if (survey.error && !survey.data) return <LoadFailed error={survey.error} onRetry={() => void survey.refetch()} />;
  if (!survey.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  // Keyed by the survey: another survey's designer starts afresh (复制 opens the copy here).
  return <SurveyDesigner key={survey.data.id} survey={survey.data} />;
}
