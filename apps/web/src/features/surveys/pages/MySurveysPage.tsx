import { SurveyFillTexts } from '@osp/shared';
import { MySurveyList } from '../fill/MySurveyList';

/** 我的问卷 (menu /survey/mine): the surveys I am asked to fill, 未填写 / 已暂存 / 已提交, with their deadlines. */
export default function MySurveysPage() {
  return <MySurveyList kind="survey" title={SurveyFillTexts.mineTitle} empty={SurveyFillTexts.mineEmpty} />;
}
