import { BillListPage } from './BillListPage';

/** /office/approval/todo: 待我审批. */
export default function TodoBillsPage() {
  return <BillListPage box="todo" />;
}
