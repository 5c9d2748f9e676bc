import { Card } from 'antd';
import { useAdminSettings } from '../../../api/admin-org';
import { Unread } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { AdminPage } from '../../../components/AdminPage';
import { SettingsForm } from '../components/SettingsForm';
import '../admin-org.css';

/** /system/settings: the global settings of SPEC §3 that an administrator changes. */
export default function SettingsPage() {
  const query = useAdminSettings();
  const settings = query.data;
  return (
    <AdminPage
      title="系统设置"
      description="保存后，请求超时与页头横幅等设置在用户下次打开页面时生效。"
      actions={<OperationLogButton itemType="setting" itemId="global" />}
    >
      <Card>{settings ? <SettingsForm settings={settings} /> : <Unread query={query} />}</Card>
    </AdminPage>
  );
}
