import type { DeptUser, Job } from '@osp/shared';
import { useMemo } from 'react';
import { useJobOptions } from '../../../api/flow-designer';
import { useDirectoryNames } from '../../../components/pickers';
import type { RuleNames } from './rule-model';

export interface DesignerDirectory {
  /** Everyone in the directory (the preview looks up the chosen initiator's department). */
  people: readonly DeptUser[];
  jobs: readonly Job[];
  isJobsLoading: boolean;
  names: RuleNames;
}

/** Jobs for the pickers, and names of people, departments and jobs for the cards' summaries. */
export function useDesignerDirectory(): DesignerDirectory {
  const directory = useDirectoryNames();
  const jobsQuery = useJobOptions();
  const jobs = jobsQuery.data;
  return useMemo(() => {
    const jobNames = new Map((jobs ?? []).map((j) => [j.id, j.name]));
    return {
      people: directory.people,
      jobs: jobs ?? [],
      isJobsLoading: jobsQuery.isPending,
      names: { user: directory.userName, dept: directory.deptName, job: (id) => jobNames.get(id) ?? `#${id}` },
    };
  }, [directory, jobs, jobsQuery.isPending]);
}
