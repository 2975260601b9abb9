import { requireKey } from '../../auth/identity.ts';
import { formatAtLeast, json, noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isCustomId, uniqueId } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import { DuplicateRecord, type FunctionRecord, type FunctionStore, type VariableRecord } from '../registry/function-store.ts';
import { functionErrors } from './function-errors.ts';
import { variableModel } from './function-model.ts';

const KEY_LENGTH = 255;
const VALUE_LENGTH = 8192;

/**
 * A function's variables (API key): what its executions and builds see as environment variables.
 * A change marks the function not `live`, as on Appwrite; here the next execution already sees it.
 */
export function registerVariableRoutes(router: Router, functions: FunctionStore): void {
  const base = '/v1/functions/{functionId}/variables';
  router.get(base, (ctx) => listVariables(ctx, functions));
  router.post(base, (ctx) => createVariable(ctx, functions));
  router.get(`${base}/{variableId}`, (ctx) => getVariable(ctx, functions));
  router.put(`${base}/{variableId}`, (ctx) => updateVariable(ctx, functions));
  router.delete(`${base}/{variableId}`, (ctx) => deleteVariable(ctx, functions));
}

function functionOf(ctx: RequestContext, functions: FunctionStore, { writing }: { writing: boolean }): FunctionRecord {
  requireKey(ctx.caller, writing ? 'functions.write' : 'functions.read');
  const fn = functions.find(ctx.pathParams.functionId ?? '');
  if (!fn) throw errors.functionNotFound();
  if (writing && fn.source === 'config') throw functionErrors.declaredInConfig(fn.id);
  return fn;
}

function variableOf(ctx: RequestContext, functions: FunctionStore, fn: FunctionRecord): VariableRecord {
  const variable = functions.findVariable(fn.id, ctx.pathParams.variableId ?? '');
  if (!variable) throw functionErrors.variableNotFound();
  return variable;
}

function checkedText(ctx: RequestContext, name: string, max: number, min: number): string | undefined {
  const value = ctx.params.optionalString(name);
  if (value !== undefined && (value.length > max || value.length < min)) {
    throw errors.argumentInvalid(`Invalid \`${name}\` param: Value must be a valid string and at least ${min} chars and no longer than ${max} chars`);
  }
  return value;
}

/** Saves the variable and marks its function not live, together. */
function save(functions: FunctionStore, fn: FunctionRecord, variable: VariableRecord): void {
  try {
    functions.saveVariable(variable);
  } catch (error) {
    if (error instanceof DuplicateRecord) throw functionErrors.variableAlreadyExists();
    throw error;
  }
  functions.update({ ...fn, live: false, updatedAt: Date.now() });
}

function listVariables(ctx: RequestContext, functions: FunctionStore) {
  const fn = functionOf(ctx, functions, { writing: false });
  const queries = ctx.params.stringArray('queries', { max: 100 }) ?? [];
  const { total, variables } = functions.listVariables(fn.id, queries, ctx.params.boolean('total', true));
  return json(200, { total, variables: variables.map(variableModel) });
}

function getVariable(ctx: RequestContext, functions: FunctionStore) {
  const fn = functionOf(ctx, functions, { writing: false });
  return json(200, variableModel(variableOf(ctx, functions, fn)));
}

/** Clients before 1.9.4 (the Appwrite CLI 12) send no `variableId`; Appwrite makes one up for them. */
function createVariable(ctx: RequestContext, functions: FunctionStore) {
  const fn = functionOf(ctx, functions, { writing: true });
  const givenId = ctx.params.optionalString('variableId') ?? (formatAtLeast(ctx.responseFormat, '1.9.4') ? undefined : 'unique()');
  if (givenId === undefined) throw errors.argumentInvalid('Param "variableId" is not optional.');
  if (!isCustomId(givenId)) {
    throw errors.argumentInvalid(
      "Invalid `variableId` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
    );
  }
  const key = checkedText(ctx, 'key', KEY_LENGTH, 1);
  if (key === undefined) throw errors.argumentInvalid('Param "key" is not optional.');
  const value = checkedText(ctx, 'value', VALUE_LENGTH, 0);
  if (value === undefined) throw errors.argumentInvalid('Param "value" is not optional.');
  const now = Date.now();
  const variable: VariableRecord = {
    id: givenId === 'unique()' ? uniqueId() : givenId,
    functionId: fn.id,
    key,
    value,
    secret: ctx.params.boolean('secret', true),
    createdAt: now,
    updatedAt: now,
  };
  if (functions.findVariable(fn.id, variable.id)) throw functionErrors.variableAlreadyExists();
  save(functions, fn, variable);
  return json(201, variableModel(variable));
}

/** Changes what is given; a secret stays secret, and a request that gives nothing is refused. */
function updateVariable(ctx: RequestContext, functions: FunctionStore) {
  const fn = functionOf(ctx, functions, { writing: true });
  const key = checkedText(ctx, 'key', KEY_LENGTH, 0);
  const value = checkedText(ctx, 'value', VALUE_LENGTH, 0);
  const secret = ctx.params.has('secret') ? ctx.params.boolean('secret', false) : undefined;
  const variable = variableOf(ctx, functions, fn);
  if (variable.secret && secret === false) throw functionErrors.variableCannotUnsetSecret();
  if (key === undefined && value === undefined && secret === undefined) throw functionErrors.nothingToUpdate();
  const updated: VariableRecord = {
    ...variable,
    key: key ?? variable.key,
    value: value ?? variable.value,
    secret: secret ?? variable.secret,
    updatedAt: Date.now(),
  };
  save(functions, fn, updated);
  return json(200, variableModel(updated));
}

function deleteVariable(ctx: RequestContext, functions: FunctionStore) {
  const fn = functionOf(ctx, functions, { writing: true });
  const variable = variableOf(ctx, functions, fn);
  functions.deleteVariable(fn.id, variable.id);
  functions.update({ ...fn, live: false, updatedAt: Date.now() });
  return noContent;
}
