import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

interface RowButtonsProps {
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  removeLabel: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** A list row's 上移, 下移 and 删除 (an option, a column); the last row left stays. */
export function RowButtons({ index, count, upLabel, downLabel, removeLabel, onMove, onRemove }: RowButtonsProps) {
  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={upLabel}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={downLabel}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      />
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={removeLabel} disabled={count <= 1} onClick={onRemove} />
    </>
  );
}
