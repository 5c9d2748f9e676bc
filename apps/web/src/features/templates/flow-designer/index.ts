/** The flow designer of the template design page (issue 5): a DingTalk-style vertical builder over the stored flow graph. */
export { FlowDesigner, type FlowDesignerProps } from './FlowDesigner';
export { checkFlow } from './flow-check';
