import { ChangeMessages, type BillFieldChange } from '@osp/shared';
import './field-changes.css';

/** A 变更 entry's changed fields, old → new, as the history and the printed record show them. */
export function FieldChanges({ changes }: { changes: readonly BillFieldChange[] | null | undefined }) {
  if (!changes || changes.length === 0) return null;
  return (
    <ul className="history-entry__changes" aria-label={ChangeMessages.changesLabel}>
      {changes.map((change) => (
        <li key={change.key}>
          <span className="history-entry__field">{change.label}</span>：<del>{change.before}</del> → <ins>{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}
