// The endpoint: any OpenAI-compatible server by URL, the model, how many requests at once, the
// timeout and prices for estimates. The key goes to the main process and is never shown again:
// the field only says whether one is set and where it is kept.
import { useEffect, useState } from 'react';
import type { EndpointSettings } from '../../../../shared/drafting/endpoint';
import { configureEndpoint, setEndpointKey, testConnection } from '../../store/drafting/actions';
import { useStore } from '../../store/store';

type Form = Record<keyof EndpointSettings, string>;

const toForm = (e: EndpointSettings): Form => ({
  baseURL: e.baseURL,
  model: e.model,
  concurrency: String(e.concurrency),
  timeoutSeconds: String(e.timeoutSeconds),
  maxRetries: String(e.maxRetries),
  priceInputPerMillion: String(e.priceInputPerMillion),
  priceOutputPerMillion: String(e.priceOutputPerMillion),
});

const fromForm = (f: Form): Partial<EndpointSettings> => ({
  baseURL: f.baseURL.trim(),
  model: f.model.trim(),
  concurrency: Number(f.concurrency),
  timeoutSeconds: Number(f.timeoutSeconds),
  maxRetries: Number(f.maxRetries),
  priceInputPerMillion: Number(f.priceInputPerMillion),
  priceOutputPerMillion: Number(f.priceOutputPerMillion),
});

const FIELDS: Array<[keyof EndpointSettings, string, string]> = [
  ['baseURL', 'Base URL', 'https://api.openai.com/v1 — or a vLLM, Ollama, LM Studio server'],
  ['model', 'Model', 'gpt-5'],
  ['concurrency', 'Requests at once', '2'],
  ['timeoutSeconds', 'Timeout per request (s)', '60'],
  ['maxRetries', 'Retries (429, 5xx)', '3'],
  ['priceInputPerMillion', 'Price per 1M input tokens (USD)', '0 = unknown'],
  ['priceOutputPerMillion', 'Price per 1M output tokens (USD)', '0 = unknown'],
];

export function EndpointTab(): React.JSX.Element {
  const endpoint = useStore((s) => s.draftingEndpoint);
  const connection = useStore((s) => s.draftingConnection);
  const [form, setForm] = useState<Form | null>(null);
  const [key, setKey] = useState('');
  // filled from the saved settings once: a later refresh of them (a key set, a reply arriving late)
  // must not overwrite what the person is typing
  useEffect(() => {
    if (endpoint) setForm((typed) => typed ?? toForm(endpoint));
  }, [endpoint]);
  if (!endpoint || !form) return <p className="hint">Loading…</p>;
  return (
    <div className="endpoint-form" data-testid="endpoint-form">
      <form
        className="field-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void configureEndpoint(fromForm(form));
        }}
      >
        {FIELDS.map(([field, label, placeholder]) => (
          <label key={field}>
            {label}
            <input value={form[field]} placeholder={placeholder} onChange={(e) => setForm({ ...form, [field]: e.target.value })} data-testid={`endpoint-${field}`} />
          </label>
        ))}
        <div className="actions">
          <button type="submit" data-testid="endpoint-save">
            Save
          </button>
        </div>
      </form>
      <form
        className="row key-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) void setEndpointKey(key.trim()).then(() => setKey(''));
        }}
      >
        <label>
          API key
          {/* write-only: what is typed goes to the main process and the field empties */}
          <input
            type="password"
            autoComplete="off"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            placeholder={endpoint.key.set ? '•••••• set — type to replace' : 'not set'}
            data-testid="endpoint-key"
          />
        </label>
        <button type="submit" disabled={!key.trim()}>
          Keep key
        </button>
        {endpoint.key.set && endpoint.key.source !== 'environment' && (
          <button type="button" onClick={() => void setEndpointKey(null)}>
            Forget key
          </button>
        )}
        <span className="hint" data-testid="endpoint-key-status">
          {endpoint.key.set ? `Set (${endpoint.key.source}${endpoint.key.where ? `: ${endpoint.key.where}` : ''}).` : 'No key: fine for a local server that needs none.'} It stays in the app’s main
          process and is never shown, logged or exported.
        </span>
      </form>
      <div className="row">
        {/* what is tested is what the boxes say: saved first (a bad URL is refused, not tested) */}
        <button type="button" onClick={() => void configureEndpoint(fromForm(form)).then((saved) => (saved ? testConnection() : undefined))} data-testid="endpoint-test">
          Save and test connection
        </button>
        {connection && 'models' in connection && <span data-testid="endpoint-models">Connected: {connection.models.length ? connection.models.join(', ') : 'no models listed'}</span>}
        {connection && 'error' in connection && (
          <span className="error" data-testid="endpoint-models">
            {connection.error}
          </span>
        )}
      </div>
    </div>
  );
}
