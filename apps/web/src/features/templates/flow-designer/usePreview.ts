import { computeRoute, type FlowPreview, type FlowPreviewInput, type FormSchema, type RouteResult, type RuleInput } from '@osp/shared';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useFlowPreview } from '../../../api/flow-designer';
import { useProfile } from '../../../api/user';
import { pathInTree, previewRuleInput, toGraph, type FlowTree, type TreePath } from './flow-model';
import type { PickedValue } from './pickers';
import type { DesignerDirectory } from './useDesignerNames';

/** How long the inputs must rest before the server is asked (typing an amount should not send a call per key). */
const ASK_DELAY_MS = 400;

export interface PreviewState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  form: Record<string, PickedValue>;
  setValue: (key: string, value: PickedValue) => void;
  /** The bill's initiator; null until the signed-in user is known. */
  initiatorId: number | null;
  setInitiatorId: (id: number | null) => void;
  /** The path by the shared rules, at once (the initiator's jobs are unknown here: job rules count as unmet). */
  local: RouteResult;
  /** The server's answer for exactly the current inputs, with handlers; null while it is asked or stale. */
  server: FlowPreview | null;
  isAsking: boolean;
  /** The flow has problems: the server is not asked until they are fixed. */
  hasProblems: boolean;
  /** What the canvas highlights while the preview is open. */
  path: TreePath | null;
}

function isEmpty(value: PickedValue): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0);
}

/** The sample values the rules see: empty inputs are left out, as an unfilled field of a bill is. */
function filled(form: Record<string, PickedValue>): Record<string, PickedValue> {
  return Object.fromEntries(Object.entries(form).filter(([, v]) => !isEmpty(v)));
}

/**
 * The 预览: sample values and an initiator, the local route at once, the server's path with handlers
 * (POST /api/templates/flow-preview) shortly after, and the highlight for the canvas. A server answer
 * belongs to the inputs it was asked for; any edit makes it stale until the next one arrives.
 * `hasProblems`: the designer's checks found faults, which the server would refuse the preview for.
 */
export function usePreview(tree: FlowTree, schema: FormSchema, lookups: DesignerDirectory, hasProblems: boolean): PreviewState {
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useState<Record<string, PickedValue>>({});
  const [chosenInitiator, setInitiatorId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<{ key: string; preview: FlowPreview } | null>(null);
  const profile = useProfile();
  const preview = useFlowPreview();

  const initiatorId = chosenInitiator ?? profile.data?.id ?? null;
  const graph = useMemo(() => toGraph(tree), [tree]);
  const sample = useMemo(() => filled(form), [form]);
  const request: FlowPreviewInput = useMemo(
    () => ({ form_schema: schema, flow: graph, form: sample, ...(initiatorId === null ? {} : { initiator_id: initiatorId }) }),
    [schema, graph, sample, initiatorId],
  );
  const key = useMemo(() => JSON.stringify(request), [request]);

  const initiatorDept =
    lookups.people.find((u) => u.id === initiatorId)?.dept_id ?? (initiatorId === profile.data?.id ? profile.data?.dept_id : null) ?? 0;
  const input: RuleInput = useMemo(() => previewRuleInput(sample, initiatorDept, lookups.depts), [sample, initiatorDept, lookups.depts]);
  const local = useMemo(() => computeRoute(graph, input), [graph, input]);
  const server = answer?.key === key ? answer.preview : null;

  const ask = useEffectEvent(() => {
    const askedFor = key;
    preview.mutate(request, { onSuccess: (result) => setAnswer({ key: askedFor, preview: result }) });
  });
  useEffect(() => {
    // The server checks the flow as a save does; while the canvas shows problems it would only refuse.
    if (!isOpen || initiatorId === null || hasProblems) return;
    const timer = setTimeout(ask, ASK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isOpen, key, initiatorId, hasProblems]);

  const route = server ? server.path.map((n) => n.id) : local.ok ? local.route : null;
  const path = isOpen && route ? pathInTree(tree, route, input) : null;

  return {
    isOpen,
    open: () => setIsOpen(true),
    close: () => setIsOpen(false),
    form,
    setValue: (k, v) => setForm((current) => ({ ...current, [k]: v })),
    initiatorId,
    setInitiatorId,
    local,
    server,
    isAsking: preview.isPending,
    hasProblems,
    path,
  };
}
