import { arktypeResolver } from '@hookform/resolvers/arktype';
import type { FieldValues, Resolver } from 'react-hook-form';

type Schema = Parameters<typeof arktypeResolver>[0];

/**
 * A react-hook-form resolver over a schema of machines/ that checks some of the form's fields (a wizard's step, or
 * the fields a modal shows): arktype ignores the others. Raw: the form keeps what was typed; the page builds the
 * payload.
 */
export function stepResolver<T extends FieldValues>(schema: Schema): Resolver<T> {
  // The schema's input is part of T, so its resolver reads the form's values as they are.
  return arktypeResolver(schema, undefined, { raw: true }) as Resolver<T>;
}
