import { BillListPage } from './BillListPage';

/** /office/approval/tracked: 我关注的 (bills followed from their detail page). */
export default function TrackedBillsPage() {
  return <BillListPage box="tracked" />;
}
