import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from '@/lib/utils'
import { FieldError } from './field-error'
import { Input } from './input'
import { Label } from './label'
import { NativeSelect } from './native-select'
import { Textarea } from './textarea'

interface FieldProps {
  /** The control's id; its message gets `${id}-error`. */
  id: string
  label: ReactNode
  /** The validation message: shown under the control, which is then invalid and described by it. */
  error?: string
  /** Classes of the wrapper around label, control and message (e.g. a grid span). */
  className?: string
}

function Field({ id, label, error, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

const errorProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>

/** A labelled input with its validation message; spread react-hook-form's `register(name)` on it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(({ id, label, error, className, ...props }, ref) => (
  <Field id={id} label={label} error={error} className={className}>
    <Input ref={ref} id={id} {...errorProps(id, error)} {...props} />
  </Field>
))
TextField.displayName = 'TextField'

export type TextareaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>

/** A labelled textarea with its validation message; spread react-hook-form's `register(name)` on it. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  ({ id, label, error, className, ...props }, ref) => (
    <Field id={id} label={label} error={error} className={className}>
      <Textarea ref={ref} id={id} {...errorProps(id, error)} {...props} />
    </Field>
  ),
)
TextareaField.displayName = 'TextareaField'

export type SelectFieldProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>

/** A labelled native select with its validation message; its options are the children. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(
  ({ id, label, error, className, ...props }, ref) => (
    <Field id={id} label={label} error={error} className={className}>
      <NativeSelect ref={ref} id={id} {...errorProps(id, error)} {...props} />
    </Field>
  ),
)
SelectField.displayName = 'SelectField'
