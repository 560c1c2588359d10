// The drafting endpoint: its settings (in settings.json), its key (kept by the key store, shown to
// nobody), and a connection test that lists the server's models.
import type { EndpointSettings, EndpointView } from '../../../shared/drafting/endpoint';
import type { Machine } from '../context';
import { ServiceError } from '../errors';
import { createLlmClient, describeLlmError, listModels, type LlmEndpoint } from '../llm/client';
import { currentKey } from './keys';

/** What of the machine the endpoint is made of: its settings, the key store and the environment (OPENAI_API_KEY). */
type EndpointMachine = Pick<Machine, 'settings' | 'keys' | 'env'>;

function keyStatus(machine: EndpointMachine): EndpointView['key'] {
  try {
    const { key, source, where } = currentKey(machine.env, machine.keys);
    return { set: key !== null, source, where };
  } catch {
    // a key file others can read is not used; the connection test says why
    return { set: false, source: machine.keys.source, where: machine.keys.where };
  }
}

export function endpointView(machine: EndpointMachine): EndpointView {
  return { ...machine.settings.get().drafting, key: keyStatus(machine) };
}

export function configureEndpoint(machine: EndpointMachine, patch: Partial<EndpointSettings>): EndpointView {
  machine.settings.update({ drafting: { ...machine.settings.get().drafting, ...patch } });
  return endpointView(machine);
}

/** Keeps (or, with null, forgets) the key. It is written, never read back to anyone. */
export function setKey(machine: EndpointMachine, key: string | null): EndpointView {
  machine.keys.write(key);
  return endpointView(machine);
}

/** The endpoint as the LLM client needs it, key included — for the main process only. */
export function llmEndpoint(machine: EndpointMachine, settings: EndpointSettings = machine.settings.get().drafting): LlmEndpoint {
  const { key } = currentKey(machine.env, machine.keys);
  return { baseURL: settings.baseURL, apiKey: key ?? '', model: settings.model, timeoutMs: settings.timeoutSeconds * 1000, maxRetries: settings.maxRetries };
}

export async function testConnection(machine: EndpointMachine): Promise<{ models: string[] }> {
  const endpoint = llmEndpoint(machine);
  try {
    return { models: await listModels(createLlmClient({ ...endpoint, maxRetries: 0 })) };
  } catch (error) {
    throw new ServiceError('unavailable', `${describeLlmError(error)} (${new URL(endpoint.baseURL).host})`);
  }
}
