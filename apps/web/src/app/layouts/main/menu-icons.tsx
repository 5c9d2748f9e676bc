// The icon map is shared with the menu editor's icon picker (features/admin-org), so it lives in components.
export { MenuIcon } from '../../../components/MenuIcon';
