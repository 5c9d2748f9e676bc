import type { Job } from '@osp/shared';
import { useMemo } from 'react';
import { useJobOptions } from '../../../api/flow-designer';
import { useDirectory, type Directory } from '../../../components/bill-form';
import type { RuleNames } from './rule-model';

export interface DesignerDirectory {
  directory: Directory;
  jobs: readonly Job[];
  isJobsLoading: boolean;
  names: RuleNames;
}

/** People, departments and jobs for the pickers, and their names for the cards' summaries. */
export function useDesignerDirectory(): DesignerDirectory {
  const directory = useDirectory();
  const jobsQuery = useJobOptions();
  const jobs = jobsQuery.data;
  return useMemo(() => {
    const jobNames = new Map((jobs ?? []).map((j) => [j.id, j.name]));
    return {
      directory,
      jobs: jobs ?? [],
      isJobsLoading: jobsQuery.isPending,
      names: { user: directory.userName, dept: directory.deptName, job: (id) => jobNames.get(id) ?? `#${id}` },
    };
  }, [directory, jobs, jobsQuery.isPending]);
}
