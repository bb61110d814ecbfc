import type { PoetryClient } from '@poetry/sdk';
import type { AppLoadContext } from 'react-router';
import { intentAction } from './intent-action.server';
import { parseItemIntent } from './item-intent';

/**
 * The action of a list whose items have buttons (`itemIntent`): `intentAction`, with the call the
 * posted intent names made on the item it names. The form is read here too (from a copy of the
 * request: a few bytes), since `intentAction` reads the request's own.
 */
export async function itemIntentAction(
  request: Request,
  context: AppLoadContext,
  calls: Record<string, (client: PoetryClient, id: string) => Promise<unknown>>,
): Promise<Response> {
  const posted = (await request.clone().formData()).get('intent');
  const { intent, id } = parseItemIntent(posted);
  const call = Object.hasOwn(calls, intent) && id ? calls[intent] : undefined;
  return intentAction(request, context, call ? { [String(posted)]: (client) => call(client, id) } : {});
}
