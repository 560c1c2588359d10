import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { configureEndpoint, endpointView, setKey, testConnection } from './service';

export const draftingHandlers = (app: AppServices) =>
  ({
    'drafting.endpoint': () => endpointView(app),
    'drafting.configure': (req) => configureEndpoint(app, req),
    'drafting.setKey': (req) => setKey(app, req.key),
    'drafting.testConnection': () => testConnection(app),
  }) satisfies Partial<HandlerMap>;
