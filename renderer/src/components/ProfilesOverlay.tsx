// Benchmark profiles of the project: built-in ones to read, custom ones a lead edits (taxonomy as
// indented text, rules as switches). Saved edits are undoable like any other.
import { useEffect, useState } from 'react';
import { answerKinds, temporalTypes, type Profile, type ProfileRules } from '../../../shared/profiles';
import { formatTaxonomy, parseTaxonomy } from '../../../shared/taxonomy-text';
import { call } from '../api/client';
import { getState, setState, useStore } from '../store/store';

const FLAGS: Array<[keyof ProfileRules, string]> = [
  ['groups', 'Question groups (q0, q1 basic; q2 advanced)'],
  ['counting', 'Counting answers derived from marks'],
  ['denseCaptions', 'Dense per-second captions'],
  ['proactive', 'Forward questions need a proactive time'],
  ['namedEntities', 'Named entities'],
];

function facetsText(facets: Record<string, string[]>): string {
  return Object.entries(facets).map(([k, v]) => `${k}: ${v.join(', ')}`).join('\n');
}

function parseFacets(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    out[line.slice(0, at).trim()] = line.slice(at + 1).split(',').map((v) => v.trim()).filter(Boolean);
  }
  return out;
}

async function reloadProfiles(select?: string): Promise<void> {
  const profiles = await call('profiles.list');
  setState({ profiles, ...(select ? { newQuestionProfileId: select } : {}) });
}

export function ProfilesOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'profiles');
  const profiles = useStore((s) => s.profiles);
  const role = useStore((s) => s.info?.caller.role);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const profile = profiles.find((p) => p.id === selectedId) ?? profiles[0] ?? null;
  const [draft, setDraft] = useState<{ name: string; taxonomy: string; facets: string; rules: ProfileRules } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copyName, setCopyName] = useState('');
  useEffect(() => {
    setError(null);
    setDraft(profile ? { name: profile.name, taxonomy: formatTaxonomy(profile.taxonomy), facets: facetsText(profile.rules.facets), rules: profile.rules } : null);
  }, [profile?.id, profile]);
  if (!open) return null;
  const editable = profile && !profile.builtin && role === 'lead';

  const save = async (p: Profile): Promise<void> => {
    if (!draft) return;
    const parsed = parseTaxonomy(draft.taxonomy);
    if (!parsed.ok) return setError(`Taxonomy ${parsed.error}`);
    try {
      await call('profiles.update', { id: p.id, definition: { kind: 'custom', name: draft.name, taxonomy: parsed.nodes, rules: { ...draft.rules, facets: parseFacets(draft.facets) } } });
      await reloadProfiles();
      setError(null);
      setState({ status: `Saved profile ${draft.name}` });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const copy = async (): Promise<void> => {
    if (!profile || !copyName.trim()) return;
    try {
      const created = await call('profiles.create', { name: copyName.trim(), copyOf: profile.id });
      await reloadProfiles(created.id);
      setSelectedId(created.id);
      setCopyName('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const toggle = <K extends keyof ProfileRules>(key: K, value: ProfileRules[K]): void => setDraft((d) => (d ? { ...d, rules: { ...d.rules, [key]: value } } : d));
  const toggleIn = (key: 'answerKinds' | 'temporalTypes', value: string, on: boolean): void =>
    setDraft((d) => (d ? { ...d, rules: { ...d.rules, [key]: on ? [...(d.rules[key] as string[]), value] : (d.rules[key] as string[]).filter((v) => v !== value) } } : d));

  return (
    <div className="overlay" role="dialog" aria-label="Profiles" data-testid="profiles-overlay" onClick={() => setState({ overlay: null })}>
      <div className="overlay-card profiles" onClick={(e) => e.stopPropagation()}>
        <h2>Benchmark profiles</h2>
        <div className="profiles-layout">
          <ul className="profile-list">
            {profiles.map((p) => (
              <li key={p.id}>
                <button type="button" className={p.id === profile?.id ? 'active' : ''} onClick={() => setSelectedId(p.id)}>{p.name}{p.builtin ? '' : ' (custom)'}</button>
              </li>
            ))}
          </ul>
          {profile && draft && (
            <div className="profile-detail">
              {editable ? (
                <label className="field">Name<input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} /></label>
              ) : (
                <p className="hint">{profile.builtin ? 'Built in, read-only: copy it into a custom profile to change it.' : 'Only a lead can edit profiles.'}</p>
              )}
              <label className="field">
                Taxonomy (one per line, “code — name”, two spaces per level)
                <textarea rows={14} value={draft.taxonomy} readOnly={!editable} onChange={(e) => setDraft({ ...draft, taxonomy: e.target.value })} data-testid="taxonomy-text" />
              </label>
              <div className="row">
                {FLAGS.map(([key, label]) => (
                  <label key={key} className="check"><input type="checkbox" disabled={!editable} checked={Boolean(draft.rules[key])} onChange={(e) => toggle(key, e.target.checked as never)} /> {label}</label>
                ))}
              </div>
              <div className="row">
                <span className="hint">Answers:</span>
                {answerKinds.map((k) => <label key={k} className="check"><input type="checkbox" disabled={!editable} checked={draft.rules.answerKinds.includes(k)} onChange={(e) => toggleIn('answerKinds', k, e.target.checked)} /> {k}</label>)}
              </div>
              <div className="row">
                <span className="hint">Temporal types:</span>
                {temporalTypes.map((k) => <label key={k} className="check"><input type="checkbox" disabled={!editable} checked={draft.rules.temporalTypes.includes(k)} onChange={(e) => toggleIn('temporalTypes', k, e.target.checked)} /> {k}</label>)}
              </div>
              <label className="field">
                Facets (“name: value, value”)
                <textarea rows={3} value={draft.facets} readOnly={!editable} onChange={(e) => setDraft({ ...draft, facets: e.target.value })} />
              </label>
              {error && <p className="error" role="alert">{error}</p>}
              <div className="actions">
                {editable && <button type="button" className="primary" onClick={() => void save(profile)}>Save profile</button>}
                {role === 'lead' && (
                  <>
                    <input placeholder="name of the copy" value={copyName} onChange={(e) => setCopyName(e.target.value)} aria-label="Name for a custom copy" />
                    <button type="button" disabled={!copyName.trim()} onClick={() => void copy()}>Copy into a custom profile</button>
                  </>
                )}
                <button type="button" onClick={() => setState({ overlay: null })}>Close</button>
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** Opens the profiles overlay (a button in the top bar). */
export function openProfiles(): void {
  if (getState().project) setState({ overlay: 'profiles' });
}
