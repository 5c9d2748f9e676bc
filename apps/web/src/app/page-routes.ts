import { runtimeRoutes, shapeMenu, type MenuItem } from '@osp/shared';
import { ALWAYS_ROUTED, PAGES, type LazyPage } from './page-registry';

export interface PageRoute {
  path: string;
  isKeptAlive: boolean;
  Page: LazyPage;
}

/**
 * SPEC §2 runtime routes: the server's menu shaped by the shared rules (builtin filter, trailing
 * /index trimmed, keep-alive flag), kept only where a page exists for the path.
 */
export function pageRoutes(menu: readonly MenuItem[]): PageRoute[] {
  const routes = new Map<string, PageRoute>();
  for (const path of ALWAYS_ROUTED) {
    const Page = PAGES[path];
    if (Page) routes.set(path, { path, isKeptAlive: false, Page });
  }
  for (const route of runtimeRoutes(shapeMenu(menu))) {
    const Page = PAGES[route.path];
    if (Page) routes.set(route.path, { path: route.path, isKeptAlive: route.keepAlive, Page });
  }
  return [...routes.values()];
}
