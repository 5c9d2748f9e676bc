/** The words of 请假记录 (/holiday/details) and its team calendar (issue 17). */
export const LeaveRecordsTexts = {
  title: '请假记录',
  path: '/holiday/details',
} as const;
