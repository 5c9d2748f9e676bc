import { z } from 'zod';

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** DESIGN §4 list parameters: `?page=1&per_page=15`, at most 100 a page. Query strings arrive as text. */
export const PageQueryZ = z.object({
  page: z.coerce.number().int().min(1, '页码须为正整数').default(1),
  per_page: z.coerce.number().int().min(1, '每页条数须为正整数').max(MAX_PER_PAGE, `每页最多 ${MAX_PER_PAGE} 条`).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQueryZ>;
