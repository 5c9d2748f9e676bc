import { useQueries, type QueryClient } from '@tanstack/react-query';
import { ARCHIVE_FILE_NAME, FileTexts, type FileCard, type FileLimits } from '@osp/shared';
import { useCallback } from 'react';
import { saveFile } from '../utils/save-file';
import { api, download, upload, type DownloadedFile } from './client';
import { usePageQuery } from './page-query';

/*
 * Uploaded files (SPEC §7 Files, docs/files.md): bill attachments. Downloads carry the bearer header,
 * so they are fetched as blobs and handed to the browser, never opened as plain links.
 */

const fileKey = (id: string) => ['files', id] as const;

export function useFileLimits() {
  return usePageQuery({ queryKey: ['files', 'limits'], queryFn: () => api.get<FileLimits>('/api/files/limits'), staleTime: Infinity });
}

/** Uploads one file; its card is remembered so that the form shows its name at once. */
export async function uploadFile(queryClient: QueryClient, file: File, onProgress?: (percent: number) => void): Promise<FileCard> {
  const card = await upload<FileCard>('/api/files', file, file.name, onProgress);
  queryClient.setQueryData(fileKey(card.id), card);
  return card;
}

/**
 * The cards of `ids`: from `known` (a bill detail's `attachments`) or an earlier upload when there, else
 * asked one by one (GET /api/files/{id}). A file never changes, so a card is never fetched twice. Ids the
 * caller may not read stay undefined (the API client has shown why).
 */
export function useFileCards(ids: readonly string[], known?: Record<string, FileCard>): Map<string, FileCard> {
  const combine = useCallback(
    (results: { data?: FileCard }[]) => {
      const cards = new Map<string, FileCard>();
      results.forEach((result, i) => {
        const id = ids[i];
        const card = result.data ?? (id === undefined ? undefined : known?.[id]);
        if (id !== undefined && card) cards.set(id, card);
      });
      return cards;
    },
    [ids, known],
  );
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: fileKey(id),
      queryFn: () => api.get<FileCard>(`/api/files/${id}`),
      initialData: known?.[id],
      staleTime: Infinity,
      retry: false,
    })),
    combine,
  });
}

export async function downloadFile(card: Pick<FileCard, 'id' | 'name'>): Promise<void> {
  const file = await download({ method: 'GET', url: `/api/files/download/${card.id}` });
  saveFile(file.blob, file.filename ?? (card.name || FileTexts.unnamed));
}

/** The copy of an image or PDF marked with the viewer's name and the time (docs/files.md, "Watermarks"). */
export async function fetchWatermarked(card: Pick<FileCard, 'id' | 'name'>): Promise<DownloadedFile> {
  return download({ method: 'GET', url: `/api/files/download/${card.id}`, params: { watermark: 1 } });
}

export async function downloadWatermarked(card: Pick<FileCard, 'id' | 'name'>): Promise<void> {
  const file = await fetchWatermarked(card);
  saveFile(file.blob, file.filename ?? (card.name || FileTexts.unnamed));
}

/** 全部下载: the files as one zip (SPEC §7: named as attachments). */
export async function downloadArchive(ids: readonly string[]): Promise<void> {
  const file = await download({ method: 'POST', url: '/api/files/archive/download', data: { ids } });
  saveFile(file.blob, file.filename ?? ARCHIVE_FILE_NAME);
}
