/**
 * A client module whose `create` sends the acting school (issue 23), every other method being the
 * module's own. The module is not copied with a spread: the SDK's modules (and the portal's deferred
 * client) answer their methods through a proxy and have no own keys, so a spread would keep only `create`.
 */
export function creatingFor<Module extends { create(input: Input, ...rest: Rest): Result }, Input extends object, Rest extends unknown[], Result>(
  module: Module,
  schoolId: string,
): Module {
  const create = (input: Input, ...rest: Rest): Result => module.create({ ...input, schoolId }, ...rest);
  return new Proxy(module, { get: (target, key, receiver) => (key === 'create' ? create : Reflect.get(target, key, receiver)) });
}
