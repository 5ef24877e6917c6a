import type { components, operations } from './api-schema'

/** A schema of the OpenAPI document (generated: `npm run api-types`), by its name. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name]

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

/** The JSON request body of an operation, by its operation id. */
export type ApiBody<Op extends keyof operations> = JsonContent<NonNullable<operations[Op]['requestBody']>>

/** The JSON reply of an operation on success (200 or 201), by its operation id. */
export type ApiReply<Op extends keyof operations> = JsonContent<
  operations[Op]['responses'] extends infer R ? (R extends { 200: infer Ok } ? Ok : R extends { 201: infer Created } ? Created : never) : never
>

type NoKeysBut<Body, Allowed> = { [Key in Exclude<keyof Body, keyof Allowed>]: never }

/** The generated body with the fields in Defaulted optional (see CheckedBody). */
type LeavingOut<Body, Defaulted extends keyof Body> = Omit<Body, Defaulted> & Partial<Pick<Body, Defaulted>>

/**
 * A hand-written request body, checked when compiling against the operation's generated one:
 * it must be assignable to it and name no field the API does not take. For bodies narrower than
 * the API's (a form that always sends a field the API leaves optional); otherwise alias ApiBody.
 *
 * The generator marks every field that has a default as required, in requests too; Defaulted
 * names the ones this body leaves out on purpose so that the server's default applies.
 */
export type CheckedBody<
  Op extends keyof operations,
  Body extends LeavingOut<ApiBody<Op>, Defaulted> & NoKeysBut<Body, ApiBody<Op>>,
  Defaulted extends keyof ApiBody<Op> = never,
> = Body
