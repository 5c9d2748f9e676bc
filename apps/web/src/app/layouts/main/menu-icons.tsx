import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The menu's icon names (stored on the server) mapped to components. An explicit list keeps the
 * bundle to the icons in use, where importing the whole set would ship hundreds.
 */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
};

/** An unknown or empty name gets a neutral icon rather than a gap in the menu. */
export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
