import { describe, expect, it } from 'vitest';
import { buildSideMenu, findMenuTrail, runtimeRoutes, shapeMenu, trimIndex, type MenuItem } from './menu';

let nextId = 1;
function item(partial: Partial<MenuItem> & Pick<MenuItem, 'name' | 'path'>): MenuItem {
  return { id: nextId++, type: 1, parent_id: null, icon: '', builtin: 0, keep_alive: 0, hidden: 0, children: [], ...partial };
}

describe('trimIndex', () => {
  it('removes a trailing /index only', () => {
    expect(trimIndex('/dashboard/index')).toBe('/dashboard');
    expect(trimIndex('/dashboard/index/')).toBe('/dashboard');
    expect(trimIndex('/index')).toBe('/');
    expect(trimIndex('/office/indexes')).toBe('/office/indexes');
    expect(trimIndex('/office/index/list')).toBe('/office/index/list');
  });
});

describe('shapeMenu + runtimeRoutes (SPEC §2)', () => {
  const menu = [
    item({ name: '工作台', path: '/dashboard/index', keep_alive: 1, builtin: 0 }),
    item({ name: '内置', path: '/builtin', builtin: 1 }),
    item({
      name: '办公',
      path: '/office',
      type: 0,
      builtin: 2,
      children: [
        item({ name: '审批', path: '/office/approval/index', builtin: 2 }),
        item({ name: '隐藏页', path: '/office/hidden', hidden: 1 }),
        item({ name: '外部', path: '/office/ext', builtin: 3 }),
      ],
    }),
  ];

  it('drops entries whose builtin is neither 0 nor 2, trims /index and keeps keep-alive', () => {
    expect(runtimeRoutes(shapeMenu(menu))).toEqual([
      { path: '/dashboard', name: '工作台', keepAlive: true, hidden: false },
      { path: '/office/approval', name: '审批', keepAlive: false, hidden: false },
      { path: '/office/hidden', name: '隐藏页', keepAlive: false, hidden: true },
    ]);
  });
});

describe('buildSideMenu (SPEC §2)', () => {
  it('skips hidden routes, shows a single-leaf folder as its child, keeps other folders as groups', () => {
    const menu = shapeMenu([
      item({ name: '首页', path: '/home', type: 0, icon: 'HomeOutlined', children: [item({ name: '工作台', path: '/dashboard/index' })] }),
      item({
        name: '办公',
        path: '/office',
        type: 0,
        icon: 'AuditOutlined',
        children: [item({ name: '审批', path: '/office/approval' }), item({ name: '公告', path: '/office/notice' })],
      }),
      item({ name: '系统', path: '/system', type: 0, children: [item({ name: '隐藏', path: '/system/x', hidden: 1 })] }),
      item({ name: '隐藏页', path: '/secret', hidden: 1 }),
    ]);
    const side = buildSideMenu(menu);
    expect(side).toEqual([
      { kind: 'item', key: '/dashboard', name: '工作台', icon: 'HomeOutlined', path: '/dashboard' },
      {
        kind: 'group',
        key: expect.stringMatching(/^group:/) as unknown as string,
        name: '办公',
        icon: 'AuditOutlined',
        children: [
          { kind: 'item', key: '/office/approval', name: '审批', icon: '', path: '/office/approval' },
          { kind: 'item', key: '/office/notice', name: '公告', icon: '', path: '/office/notice' },
        ],
      },
    ]);
    const group = side[1];
    expect(findMenuTrail(side, '/office/notice')).toEqual([group?.key, '/office/notice']);
    expect(findMenuTrail(side, '/dashboard')).toEqual(['/dashboard']);
    expect(findMenuTrail(side, '/nowhere')).toBeUndefined();
  });
});
