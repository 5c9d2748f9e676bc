import type { TemplateRoleOption } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/** GET /api/survey/roles (survey administrators): the roles a survey's 填写范围 may name. */
export function useSurveyTargetRoles(isEnabled = true) {
  return usePageQuery({
    queryKey: ['surveys', 'target-roles'],
    queryFn: () => api.get<TemplateRoleOption[]>('/api/survey/roles'),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
