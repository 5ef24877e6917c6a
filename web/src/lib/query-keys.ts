/**
 * The query keys of every API call, in one place so that a screen and the change that must
 * refresh it always name the same cache entry. Each key starts with the API path it reads:
 * invalidating `[path]` refreshes every query under it (a list with any filters, say).
 */
export const queryKeys = {
  session: ['/api/auth/session'],
  currentUser: ['/api/auth/user'],
  users: ['/api/users'],
  currentOrganization: ['/api/organization/current'],
  departments: ['/api/departments'],

  employees: ['/api/employees'],
  employee: (id: number) => [`/api/employees/${id}`] as const,
  employeeList: (params: { search: string; includeArchived: boolean }) => ['/api/employees', params] as const,
  employeePage: <Params extends object>(params: Params) => ['/api/employees', 'page', params] as const,
  employeeOptions: ['/api/employees', 'review-options'],
  employeeDocuments: (employeeId: number) => [`/api/employees/${employeeId}/documents`] as const,
  employeeNotes: (employeeId: number) => ['/api/employee-notes', { employeeId }] as const,
  directoryPage: <Params extends object>(params: Params) => ['/api/directory', params] as const,
  managerName: (employeeId: number, managerId: string) => ['/api/directory', 'manager', { employeeId, managerId }] as const,
  reachableEmployees: ['/api/employees', 'reachable'],
  employeeChoices: (search: string) => ['/api/employees', 'choices', search] as const,

  certifications: ['/api/employee-certifications'],
  employeeCertifications: (employeeId: number) => ['/api/employee-certifications', { employeeId }] as const,
  certificationTypes: ['/api/certification-types'],
  compliance: ['/api/certification-compliance'],

  reviews: ['/api/reviews'],
  review: (id: number) => ['/api/reviews', id] as const,
  reviewPage: <Params extends object>(params: Params) => ['/api/reviews', 'page', params] as const,
  employeeReviews: (employeeId: number) => ['/api/reviews', { employeeId }] as const,
  upcomingReviews: ['/api/reviews/upcoming'],
  // Under the review's own key: a change to the review refreshes its self-review and feedback too.
  selfReview: (reviewId: number) => ['/api/reviews', reviewId, 'self'] as const,
  reviewFeedback: (reviewId: number) => ['/api/reviews', reviewId, 'feedback'] as const,
  feedbackRequest: (id: number) => ['/api/feedback-requests', id] as const,
  myWork: ['/api/my/work'],
  templates: ['/api/templates'],
  templateOptions: ['/api/templates', 'review-options'],
  reminders: ['/api/reminders'],

  dashboardStats: ['/api/dashboard/stats'],
  activity: ['/api/dashboard/activity'],
  analytics: ['/api/analytics'],
  backups: ['/api/backups'],
  auditPage: <Params extends object>(params: Params) => ['/api/audit-events', 'page', params] as const,
  auditActors: ['/api/audit-events/actors'],
  employeeHistory: (employeeId: number, page: number) => [`/api/employees/${employeeId}/history`, page] as const,
  resetLink: (token: string, role: string) => ['/api/validate-reset-token', token, role] as const,

  organizations: ['/api/organizations'],
  platformSession: ['/api/platform/session'],
  platformConfig: ['/api/platform/config'],
} as const
