import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  RightOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { FlowDesignerTexts as T, type FlowNode } from '@osp/shared';

export interface CardActions {
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  onRemove?: () => void;
  /** The confirmation before removing. */
  removeConfirm?: string;
  /** Why removing is not possible here (shown on the disabled button). */
  removeBlockedReason?: string;
}

interface NodeCardProps {
  node: FlowNode;
  /** The card's lines: the steps' summaries, or what an automatic node does. */
  lines: readonly string[];
  /** validateFlow's, the designer's and the server's messages for this node. */
  messages: readonly string[];
  /** Set while a preview shows a path: on it or off it. */
  isOnPath?: boolean;
  onOpen?: () => void;
  actions?: CardActions;
}

/** A node of the vertical canvas: coloured header by type, summary lines, a red frame and the messages when faulty. */
export function NodeCard({ node, lines, messages, isOnPath, onOpen, actions }: NodeCardProps) {
  const title = node.type === 'start' ? T.initiator : node.name || '（未命名）';
  const classes = [
    'fd-node',
    `fd-node--${node.type}`,
    messages.length > 0 ? 'fd-node--error' : '',
    isOnPath === true ? 'fd-node--on-path' : isOnPath === false ? 'fd-node--off-path' : '',
  ];
  const body = (
    <>
      <span className="fd-node__header">
        {messages.length > 0 && <ExclamationCircleFilled className="fd-node__error-icon" aria-label="有问题" />}
        <span className="fd-node__title">{title}</span>
      </span>
      <span className="fd-node__body">
        {lines.map((line, i) => (
          <span key={i} className="fd-node__line">
            {line}
          </span>
        ))}
      </span>
    </>
  );
  return (
    <div className={classes.filter(Boolean).join(' ')} data-testid={`flow-node-${node.id}`}>
      {onOpen ? (
        <button type="button" className="fd-node__main" onClick={onOpen} aria-label={`编辑节点「${title}」`}>
          {body}
          <RightOutlined className="fd-node__open" aria-hidden />
        </button>
      ) : (
        <div className="fd-node__main">{body}</div>
      )}
      {messages.length > 0 && (
        <ul className="fd-node__messages">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {actions && <CardActionBar label={title} actions={actions} vertical />}
    </div>
  );
}

/** Move and delete buttons of a card; a move that would break the flow's shape is disabled. */
export function CardActionBar({ label, actions, vertical }: { label: string; actions: CardActions; vertical: boolean }) {
  return (
    <span className="fd-actions">
      <Button
        size="small"
        type="text"
        icon={vertical ? <ArrowUpOutlined /> : <ArrowLeftOutlined />}
        aria-label={`${vertical ? T.moveUp : T.moveLeft}「${label}」`}
        title={vertical ? T.moveUp : T.moveLeft}
        disabled={!actions.onMoveUp}
        onClick={actions.onMoveUp}
      />
      <Button
        size="small"
        type="text"
        icon={vertical ? <ArrowDownOutlined /> : <ArrowRightOutlined />}
        aria-label={`${vertical ? T.moveDown : T.moveRight}「${label}」`}
        title={vertical ? T.moveDown : T.moveRight}
        disabled={!actions.onMoveDown}
        onClick={actions.onMoveDown}
      />
      {actions.onRemove ? (
        <Popconfirm
          title={actions.removeConfirm ?? T.remove}
          okText={T.remove}
          okButtonProps={{ danger: true }}
          onConfirm={actions.onRemove}
        >
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${T.remove}「${label}」`} title={T.remove} />
        </Popconfirm>
      ) : (
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`${T.remove}「${label}」`}
          title={actions.removeBlockedReason ?? T.remove}
          disabled
        />
      )}
    </span>
  );
}
