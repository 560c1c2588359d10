// What a feature registers: the contract methods it serves. handlers.ts merges every feature's map
// into the one HandlerMap the transports dispatch to.
import type { ApiMethod, ApiParsedRequest, ApiResponses } from '../../shared/api';
import type { Caller } from '../../shared/domain';

export type Handler<M extends ApiMethod> = (req: ApiParsedRequest<M>, caller: Caller) => ApiResponses[M] | Promise<ApiResponses[M]>;
export type HandlerMap = { [M in ApiMethod]: Handler<M> };
