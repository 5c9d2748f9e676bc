import type { BillFieldChange, BillStatus, FlowGraph, StepType } from '@osp/shared';

/** The engine's types. See README.md beside this file for the model. */

export type UserId = number;

/** An immutable published template version, pinned by the bill at release. */
export interface FlowSnapshot extends FlowGraph {
  /** The `template_versions` row id. */
  versionId: string;
  /** The template, for entrust look-ups (an entrust may cover some templates only). */
  templateId: string;
  /** The process (template) name; a step with this name shows as 审批组. */
  name: string;
}

/** Pure look-ups the service implements from the database; tests use an in-memory one. */
export interface Directory {
  deptParent(deptId: number): number | null;
  deptLeader(deptId: number): UserId | null;
  /**
   * Whether the account may be given a task (not 停用). A disabled person named by a step, a department they
   * lead or a 发起人自选 choice counts as nobody found (`emptyHandler` then applies).
   */
  isActive(userId: UserId): boolean;
  /** Members of a job (SPEC: jobs/roles with members), each with the departments they cover. */
  jobMembers(jobId: number): readonly { userId: UserId; deptIds: readonly number[] }[];
  /** The delegate of an active bill entrust of `userId` for this template at `at`, if any. */
  delegateOf(userId: UserId, templateId: string, at: string): UserId | null;
}

export interface Initiator {
  userId: UserId;
  deptId: number;
  jobIds: readonly number[];
}

export type FormScalar = string | number | boolean | null;
export type FormValue = FormScalar | readonly FormScalar[];
export type FormValues = Readonly<Record<string, FormValue>>;

export type ActivationStatus = 'active' | 'done' | 'rejected' | 'returned' | 'withdrawn' | 'closed';

/** One row each time a node is entered; a node re-entered after a back gets a new one. */
export interface NodeActivation {
  id: string;
  nodeId: string;
  /** Why the node was entered: the flow moved on, a later node sent it back, or a resubmission resumed here. */
  cause: 'forward' | 'back' | 'resume';
  status: ActivationStatus;
  enteredAt: string;
  leftAt: string | null;
}

export type StepRunStatus = 'waiting' | 'doing' | 'done' | 'skipped' | 'rejected' | 'cancelled';

export interface StepRun {
  id: string;
  activationId: string;
  stepId: string;
  name: string;
  type: StepType;
  /** Position inside the node. */
  index: number;
  status: StepRunStatus;
  /** When the step reached done, skipped, rejected or cancelled. */
  endedAt: string | null;
}

/**
 * waiting: an ordersign handler whose turn has not come; skipped: another handler of a 或签 step decided;
 * cancelled: a reject, back, withdraw or close ended the step; transferred: handed to another user.
 */
export type TaskStatus = 'waiting' | 'pending' | 'agreed' | 'rejected' | 'returned' | 'cancelled' | 'transferred' | 'skipped';

export interface Task {
  id: string;
  stepRunId: string;
  activationId: string;
  /** Who the flow named. */
  originalHandler: UserId;
  /** Who may act (the original handler, an entrust delegate, or the user a task was transferred to). */
  actingHandler: UserId;
  /** Set when the acting handler acts for someone else (代 X 审批). */
  onBehalfOf: UserId | null;
  via: 'direct' | 'entrust' | 'transfer' | 'admin';
  /** For a transfer, the task it replaced. */
  transferredFrom: string | null;
  /** Ordersign position; every handler of other step types has 0. */
  order: number;
  status: TaskStatus;
  comment: string | null;
  createdAt: string;
  decidedAt: string | null;
  isAuto: boolean;
}

/** entrust, handover: open tasks moved to another person (`reassign`), one entry per task. */
export type HistoryAction =
  | 'release'
  | 'agree'
  | 'auto_agree'
  | 'reject'
  | 'back'
  | 'transfer'
  | 'entrust'
  | 'handover'
  | 'skip'
  | 'withdraw'
  | 'resubmit'
  | 'abandon'
  | 'close'
  /** The bill passed an archive node (归档); the service adds the archive number as its comment. */
  | 'archive'
  /** A change node's handler edited fields of the form (变更); `changes` lists each old → new. */
  | 'change';

/** Append-only history (bill_events). */
export interface HistoryEntry {
  seq: number;
  at: string;
  actor: UserId | null;
  action: HistoryAction;
  nodeId: string | null;
  stepRunId: string | null;
  taskId: string | null;
  onBehalfOf: UserId | null;
  toUser: UserId | null;
  comment: string | null;
  before: BillStatus;
  after: BillStatus;
  /** `change` only: the fields edited, each with its old and new value as text. */
  changes?: readonly BillFieldChange[];
}

export interface BillState {
  status: BillStatus;
  /** Bumped by every successful event; the service writes with `WHERE version = <loaded>`. */
  version: number;
  flowVersionId: string | null;
  initiator: Initiator | null;
  form: FormValues;
  chosenHandlers: Readonly<Record<string, readonly UserId[]>>;
  /** Node ids from start to end chosen by the link rules at release (or resubmit). */
  route: readonly string[];
  activations: NodeActivation[];
  steps: StepRun[];
  tasks: Task[];
  history: HistoryEntry[];
  /** The node whose handler rejected the bill, for a resubmission that resumes there. */
  rejectedNodeId: string | null;
}

interface EventBase {
  at: string;
  /** The version the client saw; when given and stale the event is refused with 409. */
  expectedVersion?: number;
}

export type FlowEvent =
  | (EventBase & {
      type: 'release';
      initiator: Initiator;
      form: FormValues;
      chosenHandlers?: Readonly<Record<string, readonly UserId[]>>;
    })
  | (EventBase & { type: 'agree'; taskId: string; actor: UserId; comment?: string | null })
  | (EventBase & { type: 'reject' | 'back'; taskId: string; actor: UserId; comment?: string | null })
  | (EventBase & { type: 'transfer'; taskId: string; actor: UserId; to: UserId; comment?: string | null })
  | (EventBase & {
      /**
       * Open tasks of `from` move to `to` without a decision (flow/reassign.ts): `entrust` when `from` hands their
       * current to-dos to their delegate, `handover` when an administrator hands a leaver's to someone else.
       */
      type: 'reassign';
      reason: 'entrust' | 'handover';
      actor: UserId;
      from: UserId;
      to: UserId;
      taskIds: readonly string[];
      comment?: string | null;
    })
  | (EventBase & {
      /**
       * A change node's handler edits the form (PATCH /api/bills/{id}/change). The service has checked the fields
       * against the node's permissions and the form's rules; `form` is the whole new form, `changes` what differs.
       */
      type: 'change';
      taskId: string;
      actor: UserId;
      form: FormValues;
      changes: readonly BillFieldChange[];
      comment?: string | null;
    })
  | (EventBase & { type: 'withdraw' | 'abandon'; actor: UserId; comment?: string | null })
  | (EventBase & { type: 'close'; actor: UserId; comment?: string | null })
  | (EventBase & {
      type: 'resubmit';
      actor: UserId;
      form: FormValues;
      chosenHandlers?: Readonly<Record<string, readonly UserId[]>>;
    });

/** What the service does after persisting: notify people, archive the bill, and so on. */
export type Effect =
  | { kind: 'task_assigned'; taskId: string; userId: UserId }
  | { kind: 'tasks_cancelled'; taskIds: string[] }
  | { kind: 'bill_done' }
  | { kind: 'bill_rejected'; notify: UserId }
  | { kind: 'bill_sent_back'; nodeId: string }
  | { kind: 'archive'; nodeId: string }
  | { kind: 'change'; nodeId: string };

/** The request field a refused input belongs to, named as the HTTP API names it. */
export type EngineField = 'form' | 'chosen_handlers' | 'comment' | 'to_user_id';

/** `field`: for 422 (a refused input), where the message belongs. */
export type EngineFailure = { ok: false; code: 403 | 404 | 409 | 422; message: string; field?: EngineField };
export type EngineResult = { ok: true; state: BillState; effects: Effect[] } | EngineFailure;

/** Ids come from the caller (database sequence, uuid) so the engine stays deterministic. */
export type IdGenerator = (kind: 'activation' | 'step' | 'task') => string;

export interface EngineContext {
  flow: FlowSnapshot;
  directory: Directory;
  newId: IdGenerator;
}
