import { BillListPage } from './BillListPage';

/** /office/approval/draft: 草稿箱. */
export default function DraftBillsPage() {
  return <BillListPage box="draft" />;
}
