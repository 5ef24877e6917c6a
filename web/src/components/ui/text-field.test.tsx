import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { z } from '@/lib/zod'
import { TextareaField, TextField } from './text-field'

describe('TextField', () => {
  it('labels its input and, without an error, marks nothing', () => {
    render(<TextField id="user-email" label="Email" type="email" className="sm:col-span-2" />)

    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('id', 'user-email')
    expect(input).toHaveAttribute('type', 'email')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
    expect(input.parentElement).toHaveClass('flex', 'flex-col', 'gap-2', 'sm:col-span-2')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows its error under the input, marks it invalid and described by the message', () => {
    render(<TextField id="user-email" label="Email" error="Invalid email format" />)

    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'user-email-error')
    expect(input).toHaveAccessibleDescription('Invalid email format')
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'user-email-error')
  })

  it('does the same for a textarea', () => {
    const { rerender } = render(<TextareaField id="note-text" label="Note" rows={4} />)
    const textarea = screen.getByLabelText('Note')
    expect(textarea.tagName).toBe('TEXTAREA')
    expect(textarea).toHaveAttribute('rows', '4')
    expect(textarea).not.toHaveAttribute('aria-invalid')

    rerender(<TextareaField id="note-text" label="Note" rows={4} error="Note is required" />)
    expect(textarea).toHaveAttribute('aria-invalid', 'true')
    expect(textarea).toHaveAccessibleDescription('Note is required')
  })
})

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  note: z.string().max(5, 'Note must not exceed 5 characters'),
})

function Form({ onValid }: { onValid: (values: z.infer<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', note: '' } })
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField id="f-name" label="Name" error={errors.name?.message} {...register('name')} />
      <TextareaField id="f-note" label="Note" error={errors.note?.message} {...register('note')} />
      <button type="submit">Save</button>
    </form>
  )
}

describe('with react-hook-form', () => {
  it('takes register(): values, errors and the focus on the first invalid field', async () => {
    const submitted: unknown[] = []
    render(<Form onValid={(values) => submitted.push(values)} />)

    await userEvent.type(screen.getByLabelText('Note'), 'too long')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Note must not exceed 5 characters')
    // react-hook-form reaches the inputs through the forwarded refs.
    expect(screen.getByLabelText('Name')).toHaveFocus()

    await userEvent.type(screen.getByLabelText('Name'), 'Ada')
    await userEvent.clear(screen.getByLabelText('Note'))
    await userEvent.type(screen.getByLabelText('Note'), 'ok')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(submitted).toEqual([{ name: 'Ada', note: 'ok' }])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
