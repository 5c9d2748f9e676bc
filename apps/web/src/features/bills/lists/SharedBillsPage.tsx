import { BillListPage } from './BillListPage';

/** /office/approval/shared: 抄送我的 (bills shared with me, less the ones I took out with 移出). */
export default function SharedBillsPage() {
  return <BillListPage box="shared" />;
}
