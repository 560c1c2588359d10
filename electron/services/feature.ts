// What a feature registers: the contract methods it serves, as a constant map. handlers.ts merges
// every feature's map into the one HandlerMap the transports dispatch to; each call brings its own
// context (context.ts), so a handler holds nothing of the app.
import type { ApiMethod, ApiParsedRequest, ApiResponses } from '../../shared/api';
import type { RequestContext } from './context';

export type Handler<M extends ApiMethod> = (req: ApiParsedRequest<M>, ctx: RequestContext) => ApiResponses[M] | Promise<ApiResponses[M]>;
export type HandlerMap = { [M in ApiMethod]: Handler<M> };
