// Small pieces the Manage section uses twice: roles as tick boxes, and a one-time link to copy.
import { useEffect, useRef, useState } from 'react';
import { roles, type Role } from '../../../shared/domain';
import { absoluteLink } from './pages';

export function RolesPicker({ value, onChange, legend }: { value: Role[]; onChange: (roles: Role[]) => void; legend: string }): React.JSX.Element {
  const toggle = (role: Role, on: boolean): void => onChange(roles.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <fieldset className="team-roles">
      <legend>{legend}</legend>
      {roles.map((role) => (
        <label key={role}>
          <input type="checkbox" checked={value.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />
          {role}
        </label>
      ))}
    </fieldset>
  );
}

/** The link works once: it is shown selected (Ctrl+C copies it) with a Copy button, for the lead to pass on. */
export function OneTimeLink({ link, expiresAt, label }: { link: string; expiresAt: string; label: string }): React.JSX.Element {
  const whole = absoluteLink(link, location.origin);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [whole]);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(whole);
      setCopied('Copied.');
    } catch {
      field.current?.select();
      setCopied('The browser did not allow copying: press Ctrl+C, the link is selected.');
    }
  };
  return (
    <div>
      <div className="team-link">
        <label className="field">
          {label}
          <input ref={field} readOnly value={whole} onFocus={(e) => e.target.select()} data-testid="one-time-link" />
        </label>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="hint">
        It works once, until {new Date(expiresAt).toLocaleString()}. {copied}
      </p>
    </div>
  );
}
