// The request families of one operation: 'valid' (as the document describes it) and one per kind
// of mutation, each an arbitrary of whole requests. A family mutates the body when the operation
// takes one and the query when it declares parameters; an operation with neither gets junk queries.
import fc from 'fast-check';
import type { Operation } from './document';
import { type BodyMutation, jsonBodyFamilies } from './json-body';
import { multipartFamilies } from './multipart';
import { type QueryMutation, concretePaths, encode, queryMutations, queryParameters, validPairs } from './query';
import type { FuzzRequest } from './wire';

export interface Family {
  name: string;
  requests: fc.Arbitrary<FuzzRequest>;
}

function bodyFamilies(operation: Operation): Record<string, fc.Arbitrary<BodyMutation>> | undefined {
  const content = operation.body?.content ?? {};
  if (content['application/json']) return jsonBodyFamilies(content['application/json']);
  if (content['multipart/form-data']) return multipartFamilies(content['multipart/form-data']);
  return undefined;
}

export function familiesOf(operation: Operation): Family[] {
  const bodies = bodyFamilies(operation);
  const hasQuery = queryParameters(operation).length > 0;
  const validBody: fc.Arbitrary<BodyMutation | undefined> = bodies?.valid ?? fc.constant(undefined);
  const fromBody = (family: string, query: string, body: BodyMutation | undefined, note: string): Omit<FuzzRequest, 'path'> => ({
    family,
    note,
    query,
    contentType: body?.contentType,
    body: body?.body,
  });
  const paths = concretePaths(operation);

  const names = new Set(['valid', ...Object.keys(bodies ?? {}), ...(hasQuery || !bodies ? Object.keys(queryMutations) : [])]);
  const families: Family[] = [];
  for (const name of names) {
    const options: fc.Arbitrary<Omit<FuzzRequest, 'path'>>[] = [];
    if (name === 'valid') {
      options.push(
        fc
          .tuple(validPairs(operation), validBody)
          .map(([pairs, body]) => fromBody(name, encode(pairs), body, body?.note ?? 'as the document describes it')),
      );
    } else {
      const bodyMutation = bodies?.[name];
      if (bodyMutation)
        options.push(fc.tuple(validPairs(operation), bodyMutation).map(([pairs, body]) => fromBody(name, encode(pairs), body, body.note)));
      const queryMutation: fc.Arbitrary<QueryMutation> | undefined = hasQuery || !bodies ? queryMutations[name]?.(operation) : undefined;
      if (queryMutation)
        options.push(fc.tuple(queryMutation, validBody).map(([query, body]) => fromBody(name, query.query, body, query.note)));
    }
    if (options.length === 0) continue;
    const requests = fc
      .tuple(options.length === 1 ? options[0] : fc.oneof(...options), paths)
      .map(([request, path]): FuzzRequest => ({ ...request, path }));
    families.push({ name, requests });
  }
  return families;
}
