import type { Employee } from '../api/employee'

/** Data for the employees feature's component tests. */
export function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 1,
    organizationId: 1,
    employeeId: 'EMP0001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    department: 'engineering',
    position: 'Software Engineer',
    startDate: '2023-03-01',
    managerId: null,
    reviewSchedule: 'quarterly',
    nextReviewDate: '2030-01-15',
    profilePhotoUrl: null,
    isArchived: false,
    createdAt: '2024-01-01T00:00:00.000000Z',
    ...overrides,
  }
}

export const DEPARTMENTS = [
  { id: 1, name: 'Engineering', slug: 'engineering', description: null, isDefault: true, employeeCount: 2 },
  { id: 2, name: 'Sales', slug: 'sales', description: null, isDefault: true, employeeCount: 1 },
]

export const PEOPLE = [
  makeEmployee(),
  makeEmployee({ id: 2, employeeId: 'EMP0002', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }),
  makeEmployee({
    id: 3,
    employeeId: 'EMP0003',
    firstName: 'Sam',
    lastName: 'Seller',
    email: 'sam@example.com',
    department: 'sales',
    position: 'Account Executive',
  }),
]

type FetchMock = { mock: { calls: unknown[][] } }

/** The parsed JSON body of the first call to `path` with `method` (GETs share the path). */
export function bodyOf(fetchMock: FetchMock, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), window.location.origin)
    return url.pathname === path && (init as RequestInit | undefined)?.method === method
  })
  if (!call) throw new Error(`No ${method} ${path}`)
  return JSON.parse(String((call[1] as RequestInit).body))
}

/** The URLs of every GET of the employee list. */
export function listUrls(fetchMock: FetchMock): URL[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), window.location.origin), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === '/api/employees' && (init?.method ?? 'GET') === 'GET')
    .map(({ url }) => url)
}
