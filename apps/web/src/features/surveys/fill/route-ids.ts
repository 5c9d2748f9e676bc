/** A positive id from the path or the query (/survey/survey-share/{id}, ?ratee_id=), else 0 — never NaN. */
export function idOf(text: string | null | undefined): number {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
