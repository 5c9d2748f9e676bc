import { BillListPage } from './BillListPage';

/** /office/approval/mine: 我发起的. */
export default function MineBillsPage() {
  return <BillListPage box="mine" />;
}
