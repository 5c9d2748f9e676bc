import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkCalendarImportTexts, type WorkCalendarYear } from '@osp/shared';
import { saveFile } from '../utils/save-file';
import { api, download } from './client';
import { workCalendarKey } from './holiday';

/*
 * 工作日历's xlsx import and its template (issue 17, permission holiday_admin; docs/holiday.md "Work calendar"). A good
 * import replaces the year as saving the page does: its calendar and the operation log are read again.
 */

const BASE = '/api/holiday/calendar';

/** POST /api/holiday/calendar/{year}/importData: the xlsx file as multipart field `file`; answers the saved year. */
export function useImportWorkCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, file }: { year: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.withMessage.post<WorkCalendarYear>(`${BASE}/${year}/importData`, form);
    },
    onSuccess: ({ data }) => queryClient.setQueryData(workCalendarKey(data.year), data),
    onSettled: (_answer, _error, { year }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workCalendarKey(year) }),
        queryClient.invalidateQueries({ queryKey: ['syslog'] }),
      ]),
  });
}

export async function downloadWorkCalendarImportTemplate(): Promise<void> {
  const file = await download({ method: 'GET', url: `${BASE}/importTemplate` });
  saveFile(file.blob, file.filename ?? WorkCalendarImportTexts.templateFilename);
}
