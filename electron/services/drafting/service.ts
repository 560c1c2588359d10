// The drafting endpoint: its settings (in settings.json), its key (kept by the key store, shown to
// nobody), and a connection test that lists the server's models.
import type { EndpointSettings, EndpointView } from '../../../shared/drafting/endpoint';
import type { AppServices } from '../app-services';
import { ServiceError } from '../errors';
import { createLlmClient, describeLlmError, listModels, type LlmEndpoint } from '../llm/client';
import { currentKey } from './keys';

function keyStatus(app: AppServices): EndpointView['key'] {
  try {
    const { key, source, where } = currentKey(app.options.env ?? process.env, app.keys);
    return { set: key !== null, source, where };
  } catch {
    // a key file others can read is not used; the connection test says why
    return { set: false, source: app.keys.source, where: app.keys.where };
  }
}

export function endpointView(app: AppServices): EndpointView {
  return { ...app.settings.get().drafting, key: keyStatus(app) };
}

export function configureEndpoint(app: AppServices, patch: Partial<EndpointSettings>): EndpointView {
  app.settings.update({ drafting: { ...app.settings.get().drafting, ...patch } });
  return endpointView(app);
}

/** Keeps (or, with null, forgets) the key. It is written, never read back to anyone. */
export function setKey(app: AppServices, key: string | null): EndpointView {
  app.keys.write(key);
  return endpointView(app);
}

/** The endpoint as the LLM client needs it, key included — for the main process only. */
export function llmEndpoint(app: AppServices, settings: EndpointSettings = app.settings.get().drafting): LlmEndpoint {
  const { key } = currentKey(app.options.env ?? process.env, app.keys);
  return { baseURL: settings.baseURL, apiKey: key ?? '', model: settings.model, timeoutMs: settings.timeoutSeconds * 1000, maxRetries: settings.maxRetries };
}

export async function testConnection(app: AppServices): Promise<{ models: string[] }> {
  const endpoint = llmEndpoint(app);
  try {
    return { models: await listModels(createLlmClient({ ...endpoint, maxRetries: 0 })) };
  } catch (error) {
    throw new ServiceError('unavailable', `${describeLlmError(error)} (${new URL(endpoint.baseURL).host})`);
  }
}
