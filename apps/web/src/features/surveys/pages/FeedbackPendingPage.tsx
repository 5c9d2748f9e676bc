import { SurveyFillTexts } from '@osp/shared';
import { MySurveyList } from '../fill/MySurveyList';

/** 待我评价 (menu /feedback/pending): the evaluations I still owe, each naming the person I rate. */
export default function FeedbackPendingPage() {
  return <MySurveyList kind="evaluation" title={SurveyFillTexts.pendingTitle} empty={SurveyFillTexts.pendingEmpty} onlyWaiting />;
}
