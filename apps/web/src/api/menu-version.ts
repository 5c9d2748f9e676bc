/**
 * The menu is loaded once after sign-in (SPEC §2) and again only when the server says it changed (issue 12).
 * Every answer to a signed-in call names the version of the menu its user would get now, in the
 * `X-Menu-Version` header (docs/web-contract.md); the API client hands each one to `menuVersion.answered`.
 * The menu's own answer sets the version the menu on screen was loaded with; any other answer naming a
 * different version asks for the menu again, once per new version, however many answers bring it.
 */

export const MENU_VERSION_HEADER = 'X-Menu-Version';

/** GET /api/user/menu, whose answer is the menu on screen. */
export const MENU_PATH = '/api/user/menu';

export interface MenuVersionTracker {
  /**
   * An answer to `path` came back with its X-Menu-Version header (null when it had none). A successful menu
   * answer is the menu now on screen; a failed one changed nothing on screen and counts as any other answer.
   */
  answered: (path: string, version: string | null, isSuccess: boolean) => void;
}

/** `reload` is called when an answer names a version other than the loaded menu's (and not already reloading for it). */
export function createMenuVersionTracker(reload: () => void): MenuVersionTracker {
  /** The version of the last menu answer; null until the first one. */
  let loadedWith: string | null = null;
  /** The version a reload was asked for, until the menu's answer arrives. */
  let reloadingFor: string | null = null;
  return {
    answered(path, version, isSuccess) {
      if (version === null) return;
      if (path === MENU_PATH && isSuccess) {
        loadedWith = version;
        reloadingFor = null;
        return;
      }
      // Before the first menu answer there is nothing to compare with: that answer brings the current version.
      if (loadedWith === null || version === loadedWith || version === reloadingFor) return;
      reloadingFor = version;
      reload();
    },
  };
}

let reloadMenu: () => void = () => {};

/** The app's one tracker; api/menu.ts tells it how to reload the menu. */
export const menuVersion = createMenuVersionTracker(() => reloadMenu());

export function onMenuVersionChanged(reload: () => void): void {
  reloadMenu = reload;
}
