import { describe, expect, it } from 'vitest';
import type { AuditEntry, TeamMe } from '../../../shared/team';
import { absoluteLink, filterAudit, invitationFieldsProblem, leadProjects, pageOf, passwordProblem, safeNext } from './pages';

const origin = 'http://127.0.0.1:4100';

describe('which page team.html is', () => {
  it('is told by the path', () => {
    expect(pageOf('/login')).toBe('login');
    expect(pageOf('/invite')).toBe('invite');
    expect(pageOf('/')).toBe('projects');
    expect(pageOf('/elsewhere')).toBe('not-found');
  });

  it('is the "not a member" page under a project’s address (the server sends it there only to a signed-in outsider)', () => {
    expect(pageOf('/p/dogs/')).toBe('not-member');
    expect(pageOf('/p/dogs/anything')).toBe('not-member');
    expect(pageOf('/p/Not a name/')).toBe('not-found');
  });
});

describe('where a sign-in goes next', () => {
  it('to the path it was sent from, query included', () => {
    expect(safeNext('/p/cats/?v=1', origin)).toBe('/p/cats/?v=1');
    expect(safeNext('/', origin)).toBe('/');
  });

  it('to / when there is none, or it would leave this server (a link someone else made)', () => {
    for (const next of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'p/cats/', ' /p/cats/']) {
      expect(safeNext(next, origin), String(next)).toBe('/');
    }
  });

  it('never back to the sign-in page itself', () => {
    expect(safeNext('/login?next=/', origin)).toBe('/');
  });
});

describe('a new password', () => {
  it('has at least 10 characters and is typed the same twice', () => {
    expect(passwordProblem('short', 'short')).toMatch(/at least 10 characters/);
    expect(passwordProblem('long enough pass', 'long enough pasS')).toMatch(/differ/);
    expect(passwordProblem('long enough pass', 'long enough pass')).toBeNull();
  });
});

describe('an invitation form', () => {
  it('names the field that is wrong', () => {
    expect(invitationFieldsProblem({ name: '', email: '', roles: ['annotator'] })).toMatch(/^Name: /);
    expect(invitationFieldsProblem({ name: 'Ann', email: 'not-an-address', roles: ['annotator'] })).toMatch(/^Email: /);
    expect(invitationFieldsProblem({ name: 'Ann', email: '', roles: [] })).toMatch(/^Roles: /);
  });

  it('an empty email is none', () => {
    expect(invitationFieldsProblem({ name: 'Ann', email: '  ', roles: ['annotator'] })).toBeNull();
  });
});

describe('the Manage section', () => {
  it('is offered for the projects I lead only', () => {
    const me: TeamMe = {
      name: 'Lee',
      email: null,
      csrf: 'x',
      projects: [
        { name: 'cats', roles: ['lead', 'annotator'] },
        { name: 'dogs', roles: ['annotator'] },
      ],
    };
    expect(leadProjects(me)).toEqual(['cats']);
  });

  it('shows a link the server gave as a path as one to copy whole', () => {
    expect(absoluteLink('/invite?token=abc', origin)).toBe('http://127.0.0.1:4100/invite?token=abc');
    expect(absoluteLink('https://team.example/invite?token=abc', origin)).toBe('https://team.example/invite?token=abc');
  });
});

describe('the audit log’s filter', () => {
  const entry = (person: string, kind: AuditEntry['kind'], what: string): AuditEntry => ({ at: '2026-11-26T18:00:00Z', person, role: 'lead', kind, what, subject: '{}', ok: true });
  const log = [entry('Lee', 'admin', 'invite'), entry('Ann', 'read', 'questions.list'), entry('Lee', 'write', 'marks.add'), entry('Ann', 'sign-in', 'login')];

  it('keeps the order (newest first) and the lines of one person, one kind, or both', () => {
    expect(filterAudit(log, { person: '', kind: '' })).toEqual(log);
    expect(filterAudit(log, { person: 'Lee', kind: '' }).map((e) => e.what)).toEqual(['invite', 'marks.add']);
    expect(filterAudit(log, { person: '', kind: 'sign-in' }).map((e) => e.what)).toEqual(['login']);
    expect(filterAudit(log, { person: 'Ann', kind: 'write' })).toEqual([]);
  });
});
