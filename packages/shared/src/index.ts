// First: every schema below reports in Chinese.
import './common/zod-locale';
export * from './common/envelope';
export * from './common/messages';
export * from './common/validation';
export * from './auth/messages';
export * from './auth/password';
export * from './auth/permissions';
export * from './auth/schemas';
export * from './users/messages';
export * from './users/rules';
export * from './users/schemas';
export * from './menus/menu';
export * from './settings/settings';
export * from './holiday/holiday';
export * from './articles/articles';
export * from './bills/status';
export * from './bills/flow';
export * from './bills/messages';
