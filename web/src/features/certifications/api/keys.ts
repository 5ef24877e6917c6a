/** Query keys of the certification calls; mutations invalidate with these (prefix match). */
export const CERTIFICATION_TYPES_KEY = '/api/certification-types'
export const EMPLOYEE_CERTIFICATIONS_KEY = '/api/employee-certifications'
export const COMPLIANCE_KEY = '/api/certification-compliance'
/** The profile's document list (a certificate upload adds a document there). */
export const employeeDocumentsKey = (employeeId: number) => [`/api/employees/${employeeId}/documents`] as const
