import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { AccessSettingsCard } from './access-settings-card'

const ORG = {
  id: 7,
  name: 'Acme Corp',
  subdomain: 'acme',
  logoUrl: null,
  isActive: true,
  visibility: 'open',
  sharedAdminSignIn: true,
  sharedManagerSignIn: true,
  auditRetentionDays: 365,
  ssoConfigured: false,
}

type Org = typeof ORG

/** GET and PUT of the organisation's settings, the PUT answered by `answer` (the change applied by default). */
function api(start: Partial<Org> = {}, answer?: (body: Record<string, unknown>) => Response | undefined) {
  let current: Org = { ...ORG, ...start }
  const sent: Record<string, unknown>[] = []
  const fetchMock = mockApi({
    'GET /api/organization/current': () => jsonResponse(200, current),
    'PUT /api/organization/access': (init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>
      sent.push(body)
      const refused = answer?.(body)
      if (refused) return refused
      current = { ...current, ...body }
      if (current.visibility === 'need_to_know') current.sharedManagerSignIn = false
      return jsonResponse(200, current)
    },
  })
  return { fetchMock, sent }
}

const switchNamed = (name: string) => screen.getByRole('switch', { name })

describe('AccessSettingsCard', () => {
  it('shows the setting, the shared sign-ins and the retention as saved', async () => {
    api()
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    expect(await screen.findByRole('radio', { name: /^Open/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /Need to know/ })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: /Need to know/ })).toHaveAccessibleName(/Recommended/)
    expect(switchNamed('Shared Administrator sign-in')).toBeChecked()
    expect(switchNamed('Shared Manager sign-in')).toBeChecked()
    expect(screen.getByLabelText('Keep the audit trail for')).toHaveValue('1')
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('years')
  })

  it('switches to Need to know after a confirmation that says what changes', async () => {
    const { sent } = api()
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('radio', { name: /Need to know/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Need to know?' })
    expect(within(dialog).getByText(/shared Manager sign-in switches off/)).toBeInTheDocument()
    // Nothing changes before the confirmation (the dialog hides the card from the accessibility tree).
    expect(screen.getByRole('radio', { name: /^Open/, hidden: true })).toBeChecked()
    expect(sent).toEqual([])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Need to know' }))
    await waitFor(() => expect(screen.getByRole('radio', { name: /Need to know/ })).toBeChecked())
    expect(sent).toEqual([{ visibility: 'need_to_know' }])
    expect(switchNamed('Shared Manager sign-in')).not.toBeChecked()
    expect(switchNamed('Shared Manager sign-in')).toBeDisabled()
    expect(screen.getByText(/it has no reporting line to show/)).toBeInTheDocument()
  })

  it('leaves the setting as it was when the confirmation is cancelled', async () => {
    const { sent } = api({ visibility: 'need_to_know', sharedManagerSignIn: false })
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('radio', { name: /^Open/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Open?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('radio', { name: /Need to know/ })).toBeChecked()
    expect(sent).toEqual([])
  })

  it("shows the server's refusal to switch off the last way in for administrators", async () => {
    const refusal = 'Add an administrator account with its own password (Users) before switching off the shared Administrator sign-in'
    api({}, (body) => (body.sharedAdminSignIn === false ? jsonResponse(409, { message: refusal }) : undefined))
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('switch', { name: 'Shared Administrator sign-in' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch off the shared Administrator sign-in?' })
    expect(within(dialog).getByText(/signed out now \(you too, if you signed in that way\)/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch Off' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal)
    expect(switchNamed('Shared Administrator sign-in')).toBeChecked()
  })

  it('switches a shared sign-in back on at once, without a confirmation', async () => {
    const { sent } = api({ sharedManagerSignIn: false })
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('switch', { name: 'Shared Manager sign-in' }))
    await waitFor(() => expect(switchNamed('Shared Manager sign-in')).toBeChecked())
    expect(sent).toEqual([{ sharedManagerSignIn: true }])
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('keeps the audit trail from 30 days to 10 years, in days or years', async () => {
    const { sent } = api()
    renderWithProviders(<AccessSettingsCard />, { as: 'admin' })
    const amount = await screen.findByLabelText('Keep the audit trail for')
    const unit = screen.getByRole('combobox', { name: 'Unit' })
    await userEvent.clear(amount)
    await userEvent.type(amount, '20')
    await userEvent.selectOptions(unit, 'days')
    await userEvent.click(screen.getByRole('button', { name: 'Save audit retention' }))
    expect(screen.getByText(/from 30 days to 10 years \(3650 days\)/)).toBeInTheDocument()
    expect(amount).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(amount)
    await userEvent.type(amount, '11')
    await userEvent.selectOptions(unit, 'years')
    await userEvent.click(screen.getByRole('button', { name: 'Save audit retention' }))
    expect(screen.getByText(/from 30 days to 10 years/)).toBeInTheDocument()
    expect(sent).toEqual([])

    await userEvent.clear(amount)
    await userEvent.type(amount, '2')
    await userEvent.click(screen.getByRole('button', { name: 'Save audit retention' }))
    await waitFor(() => expect(sent).toEqual([{ auditRetentionDays: 730 }]))
    expect(await screen.findByText('The audit trail keeps events for 730 days.')).toBeInTheDocument()
  })
})
