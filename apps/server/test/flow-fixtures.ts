import {
  FlowSettingsZ,
  type FlowLink,
  type FlowNode,
  type FlowSettings,
  type HandlerSource,
  type StepDef,
  type StepType,
} from '@osp/shared';
import { applyEvent, draftBill } from '../src/flow/engine';
import type {
  BillState,
  Directory,
  EngineContext,
  EngineResult,
  FlowEvent,
  FlowSnapshot,
  IdGenerator,
  Task,
  UserId,
} from '../src/flow/types';

/** Test helpers for the engine: an in-memory directory, flow builders and a harness that keeps the clock. */

export const INITIATOR = 1;
export const LEADER = 2;
export const ADMIN = 99;

export interface MemoryDirectoryInput {
  depts?: Record<number, { parent: number | null; leader: UserId | null }>;
  jobs?: Record<number, { userId: UserId; deptIds: number[] }[]>;
  entrusts?: { from: UserId; to: UserId; templateId?: string; start: string; end: string }[];
  /** Users whose account is disabled (停用): the engine names them for nothing. */
  disabled?: UserId[];
}

export function memoryDirectory(input: MemoryDirectoryInput = {}): Directory {
  const depts = input.depts ?? { 10: { parent: null, leader: LEADER } };
  return {
    deptParent: (id) => depts[id]?.parent ?? null,
    deptLeader: (id) => depts[id]?.leader ?? null,
    isActive: (id) => !(input.disabled ?? []).includes(id),
    jobMembers: (id) => input.jobs?.[id] ?? [],
    delegateOf: (userId, templateId, at) =>
      input.entrusts?.find(
        (e) => e.from === userId && (e.templateId === undefined || e.templateId === templateId) && e.start <= at && at < e.end,
      )?.to ?? null,
  };
}

export function sequentialIds(): IdGenerator {
  const counters = { activation: 0, step: 0, task: 0 };
  const prefix = { activation: 'a', step: 's', task: 't' } as const;
  return (kind) => `${prefix[kind]}${++counters[kind]}`;
}

export function users(...userIds: UserId[]): HandlerSource {
  return { kind: 'users', userIds };
}

export function step(id: string, type: StepType, source: HandlerSource | UserId[]): StepDef {
  return { id, name: `步骤${id}`, type, source: Array.isArray(source) ? users(...source) : source };
}

export function approve(id: string, ...steps: StepDef[]): FlowNode {
  return { id, type: 'approve', name: `节点${id}`, steps };
}

export function node(id: string, type: FlowNode['type']): FlowNode {
  return { id, type, name: type === 'start' ? '开始' : type === 'end' ? '结束' : `节点${id}`, steps: [] };
}

export function link(from: string, to: string, extra: Partial<FlowLink> = {}): FlowLink {
  return { id: `${from}-${to}`, from, to, priority: 0, isDefault: false, rules: { logic: 'and', rules: [] }, ...extra };
}

export function settings(input: Partial<FlowSettings> = {}): FlowSettings {
  return FlowSettingsZ.parse(input);
}

export function snapshot(nodes: FlowNode[], links: FlowLink[], flowSettings: Partial<FlowSettings> = {}): FlowSnapshot {
  return { versionId: 'v1', templateId: 'tpl1', name: '报销审批', nodes, links, settings: settings(flowSettings) };
}

/** start → each approve node in order → end. */
export function linearFlow(approveNodes: FlowNode[], flowSettings: Partial<FlowSettings> = {}): FlowSnapshot {
  const nodes = [node('start', 'start'), ...approveNodes, node('end', 'end')];
  const links = nodes.slice(1).map((n, i) => link(nodes[i]?.id ?? '', n.id));
  return snapshot(nodes, links, flowSettings);
}

export const time = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + i * 1000).toISOString();

/** An event without its time: the harness's clock adds it. */
export type EventInput = FlowEvent extends infer E ? (E extends FlowEvent ? Omit<E, 'at'> : never) : never;

/** Applies events one after another with a clock that moves one second per event. */
export class Harness {
  readonly ctx: EngineContext;
  state: BillState = draftBill();
  private clock = 0;

  constructor(flow: FlowSnapshot, directory: Directory = memoryDirectory()) {
    this.ctx = { flow, directory, newId: sequentialIds() };
  }

  tryApply(event: EventInput): EngineResult {
    const result = applyEvent(this.ctx, this.state, { ...event, at: time(++this.clock) });
    if (result.ok) this.state = result.state;
    return result;
  }

  apply(event: EventInput): EngineResult & { ok: true } {
    const result = this.tryApply(event);
    if (!result.ok) throw new Error(`${event.type} refused: ${result.code} ${result.message}`);
    return result;
  }

  release(form: Record<string, string | number> = {}, chosenHandlers: Record<string, UserId[]> = {}) {
    return this.apply({ type: 'release', initiator: { userId: INITIATOR, deptId: 10, jobIds: [] }, form, chosenHandlers });
  }

  pending(): Task[] {
    return this.state.tasks.filter((t) => t.status === 'pending');
  }

  /** The pending task of `user`; throws when there is none. */
  taskOf(user: UserId): Task {
    const task = this.pending().find((t) => t.actingHandler === user);
    if (!task) throw new Error(`user ${user} has no pending task`);
    return task;
  }

  act(type: 'agree' | 'reject' | 'back', user: UserId, comment: string | null = '意见') {
    return this.tryApply({ type, taskId: this.taskOf(user).id, actor: user, comment });
  }

  activeNode(): string | null {
    return this.state.activations.find((a) => a.status === 'active')?.nodeId ?? null;
  }
}
