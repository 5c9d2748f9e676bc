/*
 * The flow designer's model, pure (no React): the builder tree and its graph (flow-tree.ts), its edits
 * and insertion points (flow-edit.ts), and the preview's path on it (flow-path.ts).
 */
export * from './flow-tree';
export * from './flow-edit';
export * from './flow-path';
