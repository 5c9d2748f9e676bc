import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../api/query-client';
import { useSettings } from '../api/settings';
import { PageLoading } from '../components/PageLoading';
import { ToastBridge } from '../components/toast';
import { AppRoutes } from './AppRoutes';
import { theme } from './theme';

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SettingsReady />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * The settings name the Service cookie and set the request time-out, so routes wait for the first
 * answer. A failure is not fatal: the client keeps its SPEC §9 defaults.
 */
function SettingsReady() {
  const settings = useSettings();
  if (settings.isPending) return <PageLoading isFullScreen />;
  return <AppRoutes />;
}
