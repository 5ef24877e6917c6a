import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { BACKUP_POLL_MS } from '../api/backups'
import { page } from '../lib/page'
import BackupPage from './backup-page'

/** The page's shared header has a help button that needs the assistant context. */
function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <BackupPage />
    </AssistantContext.Provider>,
  )
}

const GOOD = 'backup-20261122-020000-scheduled-0a1b2c3d.json'
const BACKUPS = [
  {
    id: 3,
    filename: 'backup-20261122-101500-manual-11111111.json',
    timestamp: '2026-11-22T10:15:00Z',
    size: 0,
    employeeCount: 0,
    status: 'pending',
    kind: 'manual',
  },
  { id: 2, filename: GOOD, timestamp: '2026-11-22T02:00:00Z', size: 1.25, employeeCount: 42, status: 'completed', kind: 'scheduled' },
  {
    id: 1,
    filename: 'backup-20261121-020000-scheduled-22222222.json',
    timestamp: '2026-11-21T02:00:00Z',
    size: 0,
    employeeCount: 0,
    status: 'failed',
    kind: 'scheduled',
    error: 'No space left on device',
  },
]

function itemOf(filename: string) {
  const item = screen.getByText(filename).closest('li')
  if (!item) throw new Error(`no item for ${filename}`)
  return within(item)
}

describe('BackupPage', () => {
  it('shows the tiles, the information panel and the history; actions only on completed backups', async () => {
    mockApi({ 'GET /api/backups': jsonResponse(200, BACKUPS) })
    renderPage()
    await screen.findByText(GOOD)
    expect(screen.getByText('Total Backups').nextSibling).toHaveTextContent('3')
    expect(screen.getByText('Storage Used').nextSibling).toHaveTextContent('1.25 MB')
    expect(screen.getAllByText('Backup Information')).not.toHaveLength(0)
    expect(screen.getAllByText(/every day at 2:00 AM/)).not.toHaveLength(0)

    const good = itemOf(GOOD)
    expect(good.getByText('1.25 MB')).toBeInTheDocument()
    expect(good.getByText('42 employees')).toBeInTheDocument()
    expect(good.getByText('Completed')).toBeInTheDocument()
    for (const name of ['Validate', 'Download', 'Restore']) {
      expect(good.getByRole('button', { name })).toBeInTheDocument()
    }
    const failed = itemOf('backup-20261121-020000-scheduled-22222222.json')
    expect(failed.getByText('Failed')).toBeInTheDocument()
    expect(failed.getByText('No space left on device')).toBeInTheDocument()
    expect(failed.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument()
    expect(itemOf('backup-20261122-101500-manual-11111111.json').queryByRole('button')).not.toBeInTheDocument()
  })

  it('polls the history every 30 seconds, and every 2 seconds while a backup is in progress', async () => {
    expect(BACKUP_POLL_MS).toBe(30_000)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let history = BACKUPS
    const fetchMock = mockApi({ 'GET /api/backups': () => jsonResponse(200, history) })
    const polls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/backups')).length
    renderPage()
    await screen.findByText(GOOD)
    expect(polls()).toBe(1)
    // The worker finishes the pending backup: the next poll, 2 s later, shows it completed.
    history = BACKUPS.map((b) => (b.status === 'pending' ? { ...b, status: 'completed', size: 0.5 } : b))
    await act(() => vi.advanceTimersByTimeAsync(2_100))
    expect(polls()).toBe(2)
    expect(await itemOf('backup-20261122-101500-manual-11111111.json').findByText('Completed')).toBeInTheDocument()
    // Nothing in progress any more: back to every 30 seconds.
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(polls()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(10_100))
    expect(polls()).toBe(3)
    vi.useRealTimers()
  })

  it('validates a backup and reports the result', async () => {
    let valid = true
    mockApi({
      'GET /api/backups': jsonResponse(200, BACKUPS),
      [`POST /api/backups/${GOOD}/validate`]: () =>
        valid
          ? jsonResponse(200, { valid: true, details: { dataKeys: ['employees', 'reviews'] } })
          : jsonResponse(200, { valid: false, details: { error: 'Checksum mismatch: the backup file has been modified' } }),
    })
    renderPage()
    await screen.findByText(GOOD)
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Validate' }))
    expect(await screen.findAllByText('Backup Valid')).not.toHaveLength(0)
    expect(screen.getAllByText(/It holds: employees, reviews\./)).not.toHaveLength(0)

    valid = false
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Validate' }))
    expect(await screen.findAllByText('Validation Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('Checksum mismatch: the backup file has been modified')).not.toHaveLength(0)
  })

  it('restores after confirmation and reloads the page 2 seconds later', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    const fetchMock = mockApi({
      'GET /api/backups': jsonResponse(200, BACKUPS),
      [`POST /api/backups/${GOOD}/restore`]: jsonResponse(200, {
        success: true,
        message: 'Backup restored successfully.',
        safetyBackup: 'backup-x.json',
      }),
    })
    renderPage()
    await screen.findByText(GOOD)
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Restore' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('A safety backup of the current data is saved first')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore Backup' }))
    expect(await screen.findAllByText('Restore Successful')).not.toHaveLength(0)
    expect(sentBody(fetchMock, `/api/backups/${GOOD}/restore`)).toEqual({ confirmRestore: true })
    act(() => vi.advanceTimersByTime(1900))
    expect(reload).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(200))
    expect(reload).toHaveBeenCalledOnce()
  })

  it('lists the accounts that came back disabled, and reloads once they have been read', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    mockApi({
      'GET /api/backups': jsonResponse(200, BACKUPS),
      [`POST /api/backups/${GOOD}/restore`]: jsonResponse(200, {
        success: true,
        message: 'Backup restored successfully. Accounts removed since this backup are back but disabled: gone@acme.test.',
        safetyBackup: 'backup-x.json',
        disabledAccounts: [
          { id: 'u-9', email: 'gone@acme.test', firstName: 'Gone', lastName: 'Person', role: 'admin' },
          { id: 'u-8', email: 'left@acme.test', firstName: null, lastName: null, role: 'user' },
        ],
      }),
    })
    renderPage()
    await screen.findByText(GOOD)
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Restore' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Accounts removed since the backup come back disabled')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore Backup' }))
    const list = await screen.findByRole('list', { name: 'Disabled accounts' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Gone Person gone@acme.test',
      'left@acme.test left@acme.test',
    ])
    expect(screen.getByRole('alertdialog')).toHaveTextContent('until an administrator enables them in User Management')
    act(() => vi.advanceTimersByTime(5000))
    expect(reload).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(reload).toHaveBeenCalledOnce()
  })

  it('says Restore Failed with the reason, and does not reload', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {})
    mockApi({
      'GET /api/backups': jsonResponse(200, BACKUPS),
      [`POST /api/backups/${GOOD}/restore`]: jsonResponse(400, {
        message: 'The backup file is invalid: Checksum mismatch',
      }),
    })
    renderPage()
    await screen.findByText(GOOD)
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Restore' }))
    const dialog = await screen.findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore Backup' }))
    expect(await screen.findAllByText('Restore Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('The backup file is invalid: Checksum mismatch')).not.toHaveLength(0)
    // The confirmation stays open with the reason in it.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Restore Failed: The backup file is invalid: Checksum mismatch')
    expect(reload).not.toHaveBeenCalled()
  })

  it('says Backup Failed when a backup cannot be started', async () => {
    mockApi({
      'GET /api/backups': jsonResponse(200, []),
      'POST /api/backups/create': jsonResponse(503, {}),
    })
    renderPage()
    expect(await screen.findAllByText(/No backups yet/)).not.toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Create Backup Now' }))
    expect(await screen.findAllByText('Backup Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('Failed to create backup. Please try again.')).not.toHaveLength(0)
  })

  it('starts a backup and refreshes the history', async () => {
    let listed = 0
    mockApi({
      'GET /api/backups': () => jsonResponse(200, listed++ === 0 ? [] : BACKUPS),
      'POST /api/backups/create': jsonResponse(200, { success: true, message: 'Backup started', backup: BACKUPS[0] }),
    })
    renderPage()
    await screen.findByText(/No backups yet/)
    await userEvent.click(screen.getByRole('button', { name: 'Create Backup Now' }))
    expect(await screen.findAllByText('Backup started')).not.toHaveLength(0)
    await waitFor(() => expect(screen.getAllByText(GOOD)).not.toHaveLength(0))
  })

  it('starts one backup on a double click and reports it started', async () => {
    let answer: (reply: Response) => void = () => {}
    const fetchMock = mockApi({
      'GET /api/backups': jsonResponse(200, []),
      // The server answers the first click only after the second one.
      'POST /api/backups/create': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    renderPage()
    await screen.findByText(/No backups yet/)
    // Both clicks in one go, as a browser delivers a double click: before the query library
    // tells the button that the first request is under way.
    const button = screen.getByRole('button', { name: 'Create Backup Now' })
    act(() => {
      fireEvent.click(button)
      fireEvent.click(button)
    })
    const creates = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    await waitFor(() => expect(creates()).not.toHaveLength(0))
    answer(jsonResponse(200, { success: true, message: 'Backup started', backup: BACKUPS[0] }))
    expect(await screen.findAllByText('Backup started')).not.toHaveLength(0)
    expect(creates()).toHaveLength(1)
  })

  it('says Download Failed when the file cannot be fetched', async () => {
    mockApi({
      'GET /api/backups': jsonResponse(200, BACKUPS),
      [`GET /api/backups/${GOOD}/download`]: jsonResponse(404, { message: 'Backup file not found' }),
    })
    renderPage()
    await screen.findByText(GOOD)
    await userEvent.click(itemOf(GOOD).getByRole('button', { name: 'Download' }))
    expect(await screen.findAllByText('Download Failed')).not.toHaveLength(0)
    expect(screen.getAllByText('Backup file not found')).not.toHaveLength(0)
  })
})
