import { TreeSelect } from 'antd';
import { BillFormTexts } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree } from '../../api/directory';
import { deptTreeData } from './directory-options';
import { antdIds, emitIds, type IdValueProps, type PickerControlProps } from './picker-props';

export type DeptPickerProps = PickerControlProps &
  IdValueProps & {
    /** Let the popup grow wider than the control (deep trees in a narrow column). */
    popupMatchSelectWidth?: boolean;
  };

const SEARCH = { treeNodeFilterProp: 'title' };

/**
 * The one way to pick a department (or several): the directory's tree, expanded, searched by name. What
 * an empty choice means (全部部门, 顶级部门…) is the caller's to say, through its placeholder.
 */
export function DeptPicker(props: DeptPickerProps) {
  const { placeholder = BillFormTexts.deptPlaceholder, multiple, value: _value, onChange: _onChange, ...control } = props;
  const depts = useDeptTree();
  const treeData = useMemo(() => deptTreeData(depts.data ?? []), [depts.data]);
  return (
    <TreeSelect<number | number[]>
      {...control}
      multiple={multiple}
      showSearch={SEARCH}
      treeDefaultExpandAll
      loading={depts.isPending}
      placeholder={placeholder}
      treeData={treeData}
      value={antdIds(props)}
      onChange={(next) => emitIds(props, next)}
    />
  );
}
