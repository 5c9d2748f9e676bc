import type { Dept, DeptUser, Job } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree } from '../../../api/directory';
import { useJobOptions } from '../../../api/flow-designer';
import { useDirectoryNames } from '../../../components/pickers';
import type { RuleNames } from './rule-model';

export interface DesignerDirectory {
  /** Everyone in the directory (the preview looks up the chosen initiator's department). */
  people: readonly DeptUser[];
  /** The department tree (the preview's department rules take in the departments below). */
  depts: readonly Dept[];
  jobs: readonly Job[];
  isJobsLoading: boolean;
  names: RuleNames;
}

/** Jobs for the pickers, and names of people, departments and jobs for the cards' summaries. */
export function useDesignerDirectory(): DesignerDirectory {
  const directory = useDirectoryNames();
  // The same query (and key) as the pickers and useDirectoryNames: no second request.
  const depts = useDeptTree().data;
  const jobsQuery = useJobOptions();
  const jobs = jobsQuery.data;
  return useMemo(() => {
    const jobNames = new Map((jobs ?? []).map((j) => [j.id, j.name]));
    return {
      people: directory.people,
      depts: depts ?? [],
      jobs: jobs ?? [],
      isJobsLoading: jobsQuery.isPending,
      names: { user: directory.userName, dept: directory.deptName, job: (id) => jobNames.get(id) ?? `#${id}` },
    };
  }, [directory, depts, jobs, jobsQuery.isPending]);
}
