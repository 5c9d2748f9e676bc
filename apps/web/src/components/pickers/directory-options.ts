import { UserStatus, type DeptUser } from '@osp/shared';

/*
 * The pure part of the pickers: how a person, a department or a role becomes an option, how a typed
 * search finds a person, and how an id is named. The picker components only add the queries and antd.
 */

/** A person as every picker and every list of names shows them: 姓名（部门）, or the name alone. */
export function personLabel(person: { name: string; dept_name?: string | null }): string {
  return person.dept_name ? `${person.name}（${person.dept_name}）` : person.name;
}

export interface PersonOption {
  value: number;
  label: string;
  /** Name, username and department, so that typing any of them finds the person. */
  search: string;
  disabled?: boolean;
}

export interface PersonOptionsInput {
  /** The ids the control holds now: each is named even when the person is disabled, filtered out or unknown. */
  held: readonly number[];
  /** Narrows whom the picker offers (one department, not the initiator…). */
  filter?: (person: DeptUser) => boolean;
  /** Why a person may not be picked here (e.g. 已是成员): shown after the name, and the option is disabled. */
  unavailable?: (person: DeptUser) => string | undefined;
}

/**
 * The people a picker offers: enabled people who pass the filter, in the directory's order, plus whoever
 * the control holds ("a form names whoever it holds": a person disabled since keeps their name and can be
 * removed). A held id the directory does not know (yet) reads #id.
 */
export function personOptions(people: readonly DeptUser[], { held, filter, unavailable }: PersonOptionsInput): PersonOption[] {
  const heldIds = new Set(held);
  const options: PersonOption[] = [];
  for (const person of people) {
    const isHeld = heldIds.delete(person.id);
    if (!isHeld && (person.user_status !== UserStatus.active || (filter && !filter(person)))) continue;
    const note = unavailable?.(person);
    const label = personLabel(person);
    options.push({
      value: person.id,
      label: note ? `${label} · ${note}` : label,
      search: `${person.name} ${person.username} ${person.dept_name}`,
      ...(note ? { disabled: true } : {}),
    });
  }
  for (const id of heldIds) options.push({ value: id, label: `#${id}`, search: `#${id}` });
  return options;
}

/** The search of a person picker: every word typed (any case) appears in the name, username or department. */
export function matchesPerson(input: string, option: Pick<PersonOption, 'search'> | undefined): boolean {
  const haystack = (option?.search ?? '').toLowerCase();
  return input
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

export interface DeptTreeOption {
  value: number;
  title: string;
  children: DeptTreeOption[];
}

/** What the tree data needs of a department (the directory's Dept; the admin tree's rows fit too). */
export interface DeptNode {
  id: number;
  name: string;
  children: readonly DeptNode[];
}

/** The department tree as antd TreeSelect data (searched by title). */
export function deptTreeData(depts: readonly DeptNode[]): DeptTreeOption[] {
  return depts.map((dept) => ({ value: dept.id, title: dept.name, children: deptTreeData(dept.children) }));
}

/** Every department's name by id, at any depth. */
export function deptNames(depts: readonly DeptNode[], into = new Map<number, string>()): Map<number, string> {
  for (const dept of depts) {
    into.set(dept.id, dept.name);
    deptNames(dept.children, into);
  }
  return into;
}

/** How a page names an id it holds: the known name, or #id while the list loads or when it is unknown. */
export function nameOf(names: ReadonlyMap<number, string>, id: number): string {
  return names.get(id) ?? `#${id}`;
}

export interface RoleChoice<V extends number | string> {
  value: V;
  label: string;
  disabled?: boolean;
  /** A native hint on the option (why it cannot be granted). */
  title?: string;
}

/**
 * The roles a picker offers, plus any the control holds that the list does not name (deleted meanwhile):
 * those stay visible, by #id or by key, so that they can be removed.
 */
export function roleOptions<V extends number | string>(listed: readonly RoleChoice<V>[], held: readonly V[]): RoleChoice<V>[] {
  const known = new Set<V>(listed.map((option) => option.value));
  const unknown = held
    .filter((value) => !known.has(value))
    .map((value) => ({ value, label: typeof value === 'number' ? `#${value}` : String(value) }));
  return [...listed, ...unknown];
}

/** A control's value as a list of ids: one id, a list of them, or nothing. */
export function heldIds<V extends number | string>(value: V | readonly V[] | null | undefined): V[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly V[])] : [value as V];
}
