import { Checkbox, Radio, Rate } from 'antd';
import { SurveyFillTexts, type SurveyMatrixAnswer, type SurveyQuestionOf } from '@osp/shared';
import { usePhoneLayout } from './phone-layout';

interface MatrixInputProps {
  question: SurveyQuestionOf<'matrix'>;
  value: unknown;
  onChange: (value: SurveyMatrixAnswer | undefined) => void;
  isDisabled: boolean;
}

function asMatrix(value: unknown): SurveyMatrixAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SurveyMatrixAnswer) : {};
}

/**
 * 矩阵题: one row per item, answered with a column (单选), columns (多选) or stars (评分). A table on a wide
 * screen; on a phone each row is its own block with its choices below it, since a table of columns does not fit 390 px.
 */
export function MatrixInput({ question, value, onChange, isDisabled }: MatrixInputProps) {
  const isMobile = usePhoneLayout();
  const matrix = asMatrix(value);
  const setCell = (rowId: string, cell: string | string[] | number | undefined) => {
    const next: SurveyMatrixAnswer = { ...matrix };
    if (cell === undefined || (Array.isArray(cell) && cell.length === 0)) delete next[rowId];
    else next[rowId] = cell;
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const stars = question.stars ?? 5;
  const columnOptions = question.columns.map((c) => ({ value: c.id, label: c.label }));

  const cellOf = (row: { id: string; label: string }) => {
    const cell = matrix[row.id];
    if (question.mode === 'rating') {
      return (
        <Rate
          count={stars}
          value={typeof cell === 'number' ? cell : 0}
          disabled={isDisabled}
          aria-label={`${row.label} ${SurveyFillTexts.ratingLabel(stars)}`}
          onChange={(next) => setCell(row.id, next > 0 ? next : undefined)}
        />
      );
    }
    if (question.mode === 'single') {
      return (
        <Radio.Group
          className="survey-choices survey-choices--inline"
          aria-label={row.label}
          disabled={isDisabled}
          options={columnOptions}
          value={typeof cell === 'string' ? cell : undefined}
          onChange={(event) => setCell(row.id, String(event.target.value))}
        />
      );
    }
    return (
      <Checkbox.Group
        className="survey-choices survey-choices--inline"
        aria-label={row.label}
        disabled={isDisabled}
        options={columnOptions}
        value={Array.isArray(cell) ? cell : []}
        onChange={(next) =>
          setCell(
            row.id,
            question.columns.filter((c) => next.includes(c.id)).map((c) => c.id),
          )
        }
      />
    );
  };

  if (isMobile || question.mode === 'rating') {
    return (
      <div className="survey-matrix survey-matrix--stacked">
        {question.rows.map((row) => (
          <div key={row.id} className="survey-matrix__row" role="group" aria-label={row.label}>
            <div className="survey-matrix__row-label">{row.label}</div>
            {cellOf(row)}
          </div>
        ))}
      </div>
    );
  }

  // A table: each cell is a bare radio or checkbox named by its row and column for screen readers.
  return (
    <div className="survey-matrix">
      <table className="survey-matrix__table">
        <thead>
          <tr>
            <th scope="col">{SurveyFillTexts.matrixRow}</th>
            {question.columns.map((column) => (
              <th key={column.id} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {question.rows.map((row) => {
            const cell = matrix[row.id];
            return (
              <tr key={row.id}>
                <th scope="row">{row.label}</th>
                {question.columns.map((column) => (
                  <td key={column.id}>
                    {question.mode === 'single' ? (
                      <Radio
                        aria-label={`${row.label} ${column.label}`}
                        disabled={isDisabled}
                        checked={cell === column.id}
                        onChange={() => setCell(row.id, column.id)}
                      />
                    ) : (
                      <Checkbox
                        aria-label={`${row.label} ${column.label}`}
                        disabled={isDisabled}
                        checked={Array.isArray(cell) && cell.includes(column.id)}
                        onChange={(event) => {
                          const picked = Array.isArray(cell) ? cell : [];
                          const next = event.target.checked ? [...picked, column.id] : picked.filter((id) => id !== column.id);
                          setCell(
                            row.id,
                            question.columns.filter((c) => next.includes(c.id)).map((c) => c.id),
                          );
                        }}
                      />
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
