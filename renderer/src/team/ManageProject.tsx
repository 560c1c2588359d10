// A lead's Manage section for one project: its members (invite, change roles, remove, reset a
// password, sign them out everywhere) and its audit log. The server decides what a lead may do; the
// page shows its answer, and after every step reads the members and the log again.
import { useCallback, useEffect, useState } from 'react';
import type { Role } from '../../../shared/domain';
import type { TeamInvitation, TeamMember } from '../../../shared/team';
import { loginUrl } from '../api/base-path';
import { teamApi, type TeamAnswer } from './api';
import { AuditLog } from './AuditLog';
import { invitationFieldsProblem } from './pages';
import { OneTimeLink, RolesPicker } from './parts';

type Outcome = { ok: true; message: string; invitation?: TeamInvitation } | { ok: false; message: string };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function ManageProject({ project }: { project: string }): React.JSX.Element {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [logVersion, setLogVersion] = useState(0);
  const [editing, setEditing] = useState<{ name: string; roles: Role[] } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const loadMembers = useCallback(async (): Promise<void> => {
    try {
      const answer = await teamApi.members(project);
      if (answer.ok) setMembers(answer.value);
      else if (answer.status === 401) location.assign(loginUrl('/'));
      else setOutcome({ ok: false, message: answer.error.message });
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    }
  }, [project]);
  useEffect(() => void loadMembers(), [loadMembers]);

  /** One step of the lead's: its outcome shown, then the members and the log read again. */
  async function step<T>(send: () => Promise<TeamAnswer<T>>, success: (value: T) => Outcome): Promise<boolean> {
    let done = false;
    try {
      const answer = await send();
      if (!answer.ok && answer.status === 401) {
        location.assign(loginUrl('/'));
        return false;
      }
      setOutcome(answer.ok ? success(answer.value) : { ok: false, message: answer.error.message });
      done = answer.ok;
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    }
    setLogVersion((v) => v + 1);
    await loadMembers();
    return done;
  }

  const saveRoles = async (name: string, roles: Role[]): Promise<void> => {
    const saved = await step(
      () => teamApi.setRoles(project, name, roles),
      () => ({ ok: true, message: roles.length ? `${name} works in ${project} as ${roles.join(', ')}.` : `${name} is no longer a member of ${project}.` }),
    );
    if (saved) {
      setEditing(null);
      setRemoving(null);
    }
  };
  const reset = (name: string): Promise<boolean> =>
    step(
      () => teamApi.resetPassword(project, name),
      (invitation) => ({ ok: true, message: `${name}’s password is cleared and they are signed out: send them this link to set a new one.`, invitation }),
    );
  const revoke = (name: string): Promise<boolean> =>
    step(
      () => teamApi.revoke(project, name),
      () => ({ ok: true, message: `${name} is signed out everywhere.` }),
    );

  return (
    <section className="team-manage" aria-label={`Manage ${project}`} data-testid="team-manage">
      <h2>Manage {project}</h2>
      <div role="status" aria-live="polite" data-testid="manage-outcome">
        {outcome && <p className={outcome.ok ? 'ok' : 'error'}>{outcome.message}</p>}
        {outcome?.ok && outcome.invitation && <OneTimeLink link={outcome.invitation.link} expiresAt={outcome.invitation.expiresAt} label={`${outcome.invitation.name}’s link`} />}
      </div>

      <h3>Members</h3>
      {members === null ? (
        <p className="hint">Loading…</p>
      ) : (
        <table className="team-table" data-testid="team-members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.name}>
                <th scope="row">{m.name}</th>
                <td>{m.email ?? ''}</td>
                <td>{editing?.name === m.name ? <RolesPicker legend={`${m.name}’s roles`} value={editing.roles} onChange={(roles) => setEditing({ name: m.name, roles })} /> : m.roles.join(', ')}</td>
                <td>{m.active ? 'active' : 'invited (no password yet)'}</td>
                <td>
                  <div className="row-actions">
                    {editing?.name === m.name ? (
                      <>
                        <button type="button" className="primary" disabled={editing.roles.length === 0} onClick={() => void saveRoles(m.name, editing.roles)}>
                          Save roles
                        </button>
                        <button type="button" onClick={() => setEditing(null)}>
                          Cancel
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => setEditing({ name: m.name, roles: m.roles })} aria-label={`Change ${m.name}’s roles`}>
                        Change roles
                      </button>
                    )}
                    <button type="button" onClick={() => void reset(m.name)} aria-label={`Reset ${m.name}’s password`}>
                      Reset password
                    </button>
                    <button type="button" onClick={() => void revoke(m.name)} aria-label={`Sign ${m.name} out everywhere`}>
                      Sign out everywhere
                    </button>
                    {/* removing takes a second press: a slip of the keyboard should not drop a member */}
                    {removing === m.name ? (
                      <button type="button" onClick={() => void saveRoles(m.name, [])} onBlur={() => setRemoving(null)} autoFocus aria-label={`Confirm: remove ${m.name} from ${project}`}>
                        Confirm removal
                      </button>
                    ) : (
                      <button type="button" onClick={() => setRemoving(m.name)} aria-label={`Remove ${m.name} from ${project}`}>
                        Remove
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <InviteForm
        project={project}
        onInvite={(request) =>
          step(
            () => teamApi.invite(project, request),
            (answer) => inviteOutcome(project, answer.member, answer.invitation),
          )
        }
      />

      <AuditLog project={project} version={logVersion} />
    </section>
  );
}

function inviteOutcome(project: string, member: TeamMember, invitation: TeamInvitation | null): Outcome {
  if (!invitation) return { ok: true, message: `${member.name} already has a password: added to ${project} as ${member.roles.join(', ')}.` };
  return { ok: true, message: `${member.name} is invited to ${project} as ${member.roles.join(', ')}: send them this link to set their password.`, invitation };
}

/** What the invite form ticks for a new person. */
const FIRST_ROLES: Role[] = ['annotator'];

function InviteForm({ project, onInvite }: { project: string; onInvite: (request: { name: string; email?: string; roles: Role[] }) => Promise<boolean> }): React.JSX.Element {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<Role[]>(FIRST_ROLES);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    const wrong = invitationFieldsProblem({ name, email, roles });
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    const invited = await onInvite({ name: name.trim(), roles, ...(email.trim() ? { email: email.trim() } : {}) });
    setBusy(false);
    // the next invitation starts afresh: the last one's roles are not the next person's
    if (invited) {
      setName('');
      setEmail('');
      setRoles(FIRST_ROLES);
    }
  };
  return (
    <>
      <h3>Invite someone</h3>
      <form className="team-form inline" onSubmit={(e) => void submit(e)} aria-label={`Invite someone to ${project}`}>
        <label className="field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} data-testid="invite-member-name" />
        </label>
        <label className="field">
          Email (optional)
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <RolesPicker legend="Roles" value={roles} onChange={setRoles} />
        <button type="submit" className="primary" disabled={busy} data-testid="invite-member-submit">
          Invite
        </button>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </>
  );
}
