/**
 * The menu rows every installation starts with. Only pages that exist are listed: an area's issue
 * adds its own rows when its pages land.
 */
export interface SeedMenu {
  name: string;
  path: string;
  type: 0 | 1;
  icon: string;
  permission?: string;
  keep_alive?: 0 | 1;
  children?: SeedMenu[];
}

export const BASE_MENUS: SeedMenu[] = [
  {
    name: '首页',
    path: '/home',
    type: 0,
    icon: 'HomeOutlined',
    children: [{ name: '工作台', path: '/dashboard/index', type: 1, icon: 'DashboardOutlined', keep_alive: 1 }],
  },
];
