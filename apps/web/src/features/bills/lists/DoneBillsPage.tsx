import { BillListPage } from './BillListPage';

/** /office/approval/done: 我已审批. */
export default function DoneBillsPage() {
  return <BillListPage box="done" />;
}
