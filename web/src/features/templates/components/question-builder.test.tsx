import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import type { Template } from '../api/get-templates'
import { TEMPLATE_SAVED, TemplateFormDialog } from './template-form-dialog'

const saved = (body: unknown) => jsonResponse(201, { id: 9, isDefault: false, createdAt: '2026-01-01T00:00:00Z', ...(body as object) })

function renderCreate() {
  const fetchMock = mockApi({
    'POST /api/templates': (init) => {
      const body = JSON.parse(String(init.body)) as { questions: object[] }
      return saved({ ...body, questions: body.questions.map((q, i) => ({ id: `q${i + 1}`, ...q })) })
    },
  })
  const onOpenChange = vi.fn()
  renderWithProviders(<TemplateFormDialog open onOpenChange={onOpenChange} />)
  return { fetchMock, onOpenChange, user: userEvent.setup() }
}

const questionItems = () =>
  within(within(screen.getByRole('dialog')).getByRole('list')).getAllByRole('listitem', { name: /^Question \d+$/ })

describe('QuestionBuilder', () => {
  it('never removes the last question, and removes others', async () => {
    const { user } = renderCreate()
    expect(questionItems()).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    expect(questionItems()).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'Remove question 2' }))
    expect(questionItems()).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toBeDisabled()
  })

  it('reorders questions with the move buttons', async () => {
    const { user } = renderCreate()
    await user.type(screen.getAllByLabelText('Question text')[0]!, 'First question text here')
    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    await user.type(screen.getAllByLabelText('Question text')[1]!, 'Second question text here')

    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move question 2 down' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }))

    const texts = screen.getAllByLabelText('Question text').map((el) => (el as HTMLTextAreaElement).value)
    expect(texts).toEqual(['Second question text here', 'First question text here'])
  })

  it('shows options for multiple choice and a scale for rating questions', async () => {
    const { user } = renderCreate()
    expect(screen.queryByRole('group', { name: 'Options' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Scale')).not.toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Type'), 'multiple-choice')
    const options = screen.getByRole('group', { name: 'Options' })
    expect(within(options).getAllByRole('textbox')).toHaveLength(2)
    await user.click(within(options).getByRole('button', { name: 'Add Option' }))
    expect(within(options).getAllByRole('textbox')).toHaveLength(3)

    await user.selectOptions(screen.getByLabelText('Type'), 'rating')
    expect(screen.queryByRole('group', { name: 'Options' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Scale')).toHaveValue('5')
  })

  it('validates with the server\'s messages and sends nothing until fixed', async () => {
    const { user, fetchMock } = renderCreate()
    await user.click(screen.getByRole('button', { name: 'Create Template' }))

    expect(await screen.findByText('Template name must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Question is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Question text'), 'Too short')
    await user.selectOptions(screen.getByLabelText('Type'), 'multiple-choice')
    await user.type(screen.getByLabelText('Question 1 option 1'), 'Only one')
    await user.click(screen.getByRole('button', { name: 'Create Template' }))
    expect(await screen.findByText('Question must be at least 10 characters')).toBeInTheDocument()
    expect(screen.getByText('Multiple-choice questions need at least two options')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the questions without ids, options only for multiple choice and the rating scale', async () => {
    const { user, fetchMock, onOpenChange } = renderCreate()
    await user.type(screen.getByLabelText('Template name'), 'Sales Review')
    await user.type(screen.getByLabelText('Question text'), 'How did they do on quota?')
    await user.selectOptions(screen.getByLabelText('Type'), 'rating')
    await user.selectOptions(screen.getByLabelText('Scale'), '4')

    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    const second = questionItems()[1]!
    await user.type(within(second).getByLabelText('Question text'), 'Which skill should they build?')
    await user.selectOptions(within(second).getByLabelText('Type'), 'multiple-choice')
    await user.type(within(second).getByLabelText('Question 2 option 1'), 'Negotiation')
    await user.type(within(second).getByLabelText('Question 2 option 2'), 'Prospecting')
    await user.click(within(second).getByLabelText('Required'))

    await user.click(screen.getByRole('button', { name: 'Create Template' }))

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sentBody(fetchMock, '/api/templates')).toEqual({
      name: 'Sales Review',
      description: '',
      questions: [
        { question: 'How did they do on quota?', type: 'rating', required: true, scale: 4 },
        {
          question: 'Which skill should they build?',
          type: 'multiple-choice',
          required: false,
          options: ['Negotiation', 'Prospecting'],
        },
      ],
    })
    expect(await screen.findByText(TEMPLATE_SAVED)).toBeInTheDocument()
  })

  it('edits an existing template with PUT, each saved question sent with the id it had', async () => {
    const template: Template = {
      id: 4,
      name: 'Standard Performance Review',
      description: 'Quarterly',
      isDefault: true,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: null,
      questions: [
        { id: 'q1', question: 'Overall job performance', type: 'rating', required: true, scale: 5, options: null },
        { id: 'q2', question: 'Pick their strongest area', type: 'multiple-choice', required: true, options: ['A', 'B'] },
      ],
    }
    const fetchMock = mockApi({ 'PUT /api/templates/4': (init) => saved(JSON.parse(String(init.body))) })
    const user = userEvent.setup()
    renderWithProviders(<TemplateFormDialog open onOpenChange={() => {}} template={template} />)

    expect(screen.getByRole('heading', { name: 'Edit Template' })).toBeInTheDocument()
    expect(screen.getByLabelText('Template name')).toHaveValue('Standard Performance Review')
    expect(screen.getByLabelText('Question 2 option 2')).toHaveValue('B')
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }))
    const reworded = screen.getAllByLabelText('Question text')[1]!
    await user.clear(reworded)
    await user.type(reworded, 'Overall performance this quarter')
    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    await user.type(screen.getAllByLabelText('Question text')[2]!, 'Anything else to add?')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const body = sentBody(fetchMock, '/api/templates/4') as { questions: { id?: string; question: string }[] }
    // The server renumbers them; the ids say which question each one was, so open reviews'
    // answers follow their questions. The new one has none.
    expect(body.questions.map((q) => [q.id, q.question])).toEqual([
      ['q2', 'Pick their strongest area'],
      ['q1', 'Overall performance this quarter'],
      [undefined, 'Anything else to add?'],
    ])
  })

  it('says so when an update fails', async () => {
    mockApi({ 'PUT /api/templates/4': jsonResponse(500, { message: 'boom' }) })
    const user = userEvent.setup()
    renderWithProviders(
      <TemplateFormDialog
        open
        onOpenChange={() => {}}
        template={{
          id: 4,
          name: 'Review',
          description: null,
          isDefault: false,
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: null,
          questions: [{ id: 'q1', question: 'Overall job performance', type: 'text', required: true }],
        }}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText('Failed to update template. Please try again.')).toBeInTheDocument()
  })
})
