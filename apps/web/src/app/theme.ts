import type { ThemeConfig } from 'antd';

/** One place for the product's look; Ant Design's defaults otherwise. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#001529', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f5f7fa' },
  },
};
