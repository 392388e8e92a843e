// How the calls of form-written records (server/forms/form-records.ts) are documented in /openapi.json.
import { Code } from '../../kernel/contract/codes';
import { FORM_FIELD_TYPES } from '../../kernel/forms/types';
import type { OperationDoc } from '../http/endpoints';
import { ID } from '../resources/docs';
import { idParameter } from '../resources/docs';

type Json = Record<string, unknown>;

/** A record as these calls answer it: its own fields, and beside them the values of the fields its parent defines. */
const FLAT_RECORD = { type: 'object', required: ['id'], properties: { id: ID }, additionalProperties: true };

const OPTION = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: ['string', 'number'] }, label: { type: 'string' } },
};
const RULE = {
  type: 'object',
  required: ['type', 'field', 'title'],
  properties: {
    type: { enum: [...FORM_FIELD_TYPES] },
    field: { type: 'string' },
    title: { type: 'string' },
    value: {},
    required: { type: 'boolean' },
    info: { type: 'string' },
    placeholder: { type: 'string' },
    options: { type: 'array', items: OPTION },
    min: { type: 'number' },
    max: { type: 'number' },
    step: { type: 'number' },
  },
};

/** A form definition: its fields, title, and where and how it is submitted. */
export const FORM_DEFINITION_DOC = {
  type: 'object',
  required: ['rules', 'title', 'action', 'method', 'status'],
  properties: {
    rules: { type: 'array', items: RULE },
    title: { type: 'string' },
    action: { type: 'string', description: 'the path to submit to, under the API prefix, with its query' },
    method: { enum: ['POST', 'PUT'] },
    info: { type: 'string' },
    status: { type: 'boolean' },
  },
};

export const FORM_HEADER_DOC = {
  type: 'object',
  required: ['header'],
  properties: {
    header: {
      type: 'array',
      items: {
        type: 'object',
        required: ['title', 'minWidth'],
        properties: {
          key: { type: 'string' },
          slot: { type: 'string' },
          title: { type: 'string' },
          minWidth: { type: 'integer' },
          type: { type: 'string' },
        },
      },
    },
  },
};

/** A submission of the add or edit form: the form's field values. */
export function submissionDoc(name: string, param: string, kind: 'add' | 'edit'): OperationDoc {
  return {
    tags: [name],
    summary: kind === 'add' ? `Add a ${name} record from its form's values` : `Edit a ${name} record from its form's values`,
    description:
      'The body holds the values of the fields of the form definition, checked against it: a field it does not define is refused. An empty value clears the field.',
    parameters: [idParameter(param)],
    body: { type: 'object', additionalProperties: true },
    bodyIsJson: true,
    data: FLAT_RECORD,
    codes: [Code.invalidInput, Code.notFound],
  };
}

export function statusBodyDoc(field: string, allowed: unknown[]): Json {
  return { type: 'object', required: ['id', field], additionalProperties: false, properties: { id: ID, [field]: { enum: allowed } } };
}
