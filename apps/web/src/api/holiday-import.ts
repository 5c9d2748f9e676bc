import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HolidayImportTexts, type HolidayImportResult } from '@osp/shared';
import { saveFile } from '../utils/save-file';
import { api, download } from './client';
import { holidayStatsKey, type HolidayStatsListQuery } from './holiday';

/*
 * 假期额度's import, template and export (issue 17, permission holiday_admin; docs/holiday.md "Import and export").
 * An import changes the list, people's histories and the operation log: all are read again, also after a refusal.
 */

const BASE = '/api/holiday/stats';

/** POST /api/holiday/stats/importData: the xlsx file as multipart field `file`. */
export function useImportHolidayStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.withMessage.post<HolidayImportResult>(`${BASE}/importData`, form);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: holidayStatsKey }), queryClient.invalidateQueries({ queryKey: ['syslog'] })]),
  });
}

export async function downloadHolidayImportTemplate(): Promise<void> {
  const file = await download({ method: 'GET', url: `${BASE}/importTemplate` });
  saveFile(file.blob, file.filename ?? HolidayImportTexts.templateFilename);
}

/** The list's filters, every page of them. */
export type HolidayStatsFilter = Omit<HolidayStatsListQuery, 'page' | 'per_page'>;

export async function exportHolidayStats(filter: HolidayStatsFilter): Promise<void> {
  const file = await download({ method: 'GET', url: `${BASE}/export`, params: filter });
  saveFile(file.blob, file.filename ?? `${HolidayImportTexts.sheet}.xlsx`);
}
