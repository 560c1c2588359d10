// Benchmark profiles of the project: built-in ones to read, custom ones a lead edits (taxonomy as
// indented text, rules as switches). Saved edits are undoable like any other.
import { useEffect, useState } from 'react';
import { answerKinds, temporalTypes, type Profile, type ProfileRules } from '../../../shared/profiles';
import { formatTaxonomy, parseTaxonomy } from '../../../shared/taxonomy-text';
import { copyProfile, saveProfile, showProfileError } from '../store/profiles/actions';
import { useStore } from '../store/store';
import { closeOverlay } from '../store/ui/actions';

/** The rules that are switched on or off. */
type RuleFlag = { [K in keyof ProfileRules]: ProfileRules[K] extends boolean ? K : never }[keyof ProfileRules];

const FLAGS: Array<[RuleFlag, string]> = [
  ['groups', 'Question groups (q0, q1 basic; q2 advanced)'],
  ['counting', 'Counting answers derived from marks'],
  ['denseCaptions', 'Dense per-second captions'],
  ['proactive', 'Forward questions need a proactive time'],
  ['namedEntities', 'Named entities'],
];

function facetsText(facets: Record<string, string[]>): string {
  return Object.entries(facets)
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('\n');
}

/** A list with a value added (on) or removed (off). */
function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function parseFacets(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    out[line.slice(0, at).trim()] = line
      .slice(at + 1)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  }
  return out;
}

export function ProfilesOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'profiles');
  const profiles = useStore((s) => s.profiles);
  const role = useStore((s) => s.info?.caller.role);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const profile = profiles.find((p) => p.id === selectedId) ?? profiles[0] ?? null;
  const [draft, setDraft] = useState<{ name: string; taxonomy: string; facets: string; rules: ProfileRules } | null>(null);
  const error = useStore((s) => s.profileError);
  const [copyName, setCopyName] = useState('');
  useEffect(() => {
    showProfileError(null);
    setDraft(profile ? { name: profile.name, taxonomy: formatTaxonomy(profile.taxonomy), facets: facetsText(profile.rules.facets), rules: profile.rules } : null);
  }, [profile?.id, profile]);
  if (!open) return null;
  const editable = profile && !profile.builtin && role === 'lead';

  const save = async (p: Profile): Promise<void> => {
    if (!draft) return;
    const parsed = parseTaxonomy(draft.taxonomy);
    if (!parsed.ok) return showProfileError(`Taxonomy ${parsed.error}`);
    await saveProfile(p.id, { kind: 'custom', name: draft.name, taxonomy: parsed.nodes, rules: { ...draft.rules, facets: parseFacets(draft.facets) } });
  };
  const copy = async (): Promise<void> => {
    if (!profile || !copyName.trim()) return;
    const created = await copyProfile(copyName.trim(), profile.id);
    if (created) {
      setSelectedId(created);
      setCopyName('');
    }
  };
  const toggle = (key: RuleFlag, value: boolean): void => setDraft((d) => (d ? { ...d, rules: { ...d.rules, [key]: value } } : d));
  const setRules = (change: (rules: ProfileRules) => Partial<ProfileRules>): void => setDraft((d) => (d ? { ...d, rules: { ...d.rules, ...change(d.rules) } } : d));

  return (
    <div className="overlay" role="dialog" aria-label="Profiles" data-testid="profiles-overlay" onClick={closeOverlay}>
      <div className="overlay-card profiles" onClick={(e) => e.stopPropagation()}>
        <h2>Benchmark profiles</h2>
        <div className="profiles-layout">
          <ul className="profile-list">
            {profiles.map((p) => (
              <li key={p.id}>
                <button type="button" className={p.id === profile?.id ? 'active' : ''} onClick={() => setSelectedId(p.id)}>
                  {p.name}
                  {p.builtin ? '' : ' (custom)'}
                </button>
              </li>
            ))}
          </ul>
          {profile && draft && (
            <div className="profile-detail">
              {editable ? (
                <label className="field">
                  Name
                  <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
                </label>
              ) : (
                <p className="hint">{profile.builtin ? 'Built in, read-only: copy it into a custom profile to change it.' : 'Only a lead can edit profiles.'}</p>
              )}
              <label className="field">
                Taxonomy (one per line, “code — name”, two spaces per level)
                <textarea rows={14} value={draft.taxonomy} readOnly={!editable} onChange={(e) => setDraft({ ...draft, taxonomy: e.target.value })} data-testid="taxonomy-text" />
              </label>
              <div className="row">
                {FLAGS.map(([key, label]) => (
                  <label key={key} className="check">
                    <input type="checkbox" disabled={!editable} checked={Boolean(draft.rules[key])} onChange={(e) => toggle(key, e.target.checked)} /> {label}
                  </label>
                ))}
              </div>
              <div className="row">
                <span className="hint">Answers:</span>
                {answerKinds.map((k) => (
                  <label key={k} className="check">
                    <input
                      type="checkbox"
                      disabled={!editable}
                      checked={draft.rules.answerKinds.includes(k)}
                      onChange={(e) => setRules((r) => ({ answerKinds: toggled(r.answerKinds, k, e.target.checked) }))}
                    />{' '}
                    {k}
                  </label>
                ))}
              </div>
              <div className="row">
                <span className="hint">Temporal types:</span>
                {temporalTypes.map((k) => (
                  <label key={k} className="check">
                    <input
                      type="checkbox"
                      disabled={!editable}
                      checked={draft.rules.temporalTypes.includes(k)}
                      onChange={(e) => setRules((r) => ({ temporalTypes: toggled(r.temporalTypes, k, e.target.checked) }))}
                    />{' '}
                    {k}
                  </label>
                ))}
              </div>
              <label className="field">
                Facets (“name: value, value”)
                <textarea rows={3} value={draft.facets} readOnly={!editable} onChange={(e) => setDraft({ ...draft, facets: e.target.value })} />
              </label>
              {error && (
                <p className="error" role="alert">
                  {error}
                </p>
              )}
              <div className="actions">
                {editable && (
                  <button type="button" className="primary" onClick={() => void save(profile)}>
                    Save profile
                  </button>
                )}
                {role === 'lead' && (
                  <>
                    <input placeholder="name of the copy" value={copyName} onChange={(e) => setCopyName(e.target.value)} aria-label="Name for a custom copy" />
                    <button type="button" disabled={!copyName.trim()} onClick={() => void copy()}>
                      Copy into a custom profile
                    </button>
                  </>
                )}
                <button type="button" onClick={closeOverlay}>
                  Close
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
