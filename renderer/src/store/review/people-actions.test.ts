import { describe, expect, it } from 'vitest';
import { roles } from '../../../../shared/domain';
import type { Person } from '../../../../shared/review/types';
import { listedPerson, passphraseProblem, rolesOffered } from './people-actions';

const person = (name: string, personRoles: Person['roles'], hasPassphrase = false): Person => ({ id: name, name, roles: personRoles, createdAt: '2026-01-01T00:00:00Z', hasPassphrase });
const people = [person('Lena', ['lead', 'reviewer'], true), person('ana', ['annotator'])];

describe('the person a typed name signs in as', () => {
  it('matches a listed name whatever its case and surrounding spaces, as the server does', () => {
    expect(listedPerson(people, '  ANA ')?.name).toBe('ana');
    expect(listedPerson(people, 'lena')?.name).toBe('Lena');
    expect(listedPerson(people, 'Anna')).toBeUndefined();
    expect(listedPerson(people, '   ')).toBeUndefined();
  });
  it('offers a listed person only their roles, in the order of all roles', () => {
    expect(rolesOffered(people, 'Ana')).toEqual(['annotator']);
    expect(rolesOffered(people, 'LENA')).toEqual(['reviewer', 'lead']);
  });
  it('offers every role to a name nobody lists, and when the project lists no one', () => {
    expect(rolesOffered(people, 'Rita')).toEqual([...roles]);
    expect(rolesOffered([], 'ana')).toEqual([...roles]);
  });
});

describe('passphraseProblem: the one problem of a new passphrase, said before anything is sent', () => {
  it('says the length first, however the repeat differs', () => {
    expect(passphraseProblem('short', 'other')).toBe('A passphrase has 8 to 200 characters.');
    expect(passphraseProblem('x'.repeat(201), 'x'.repeat(201))).toBe('A passphrase has 8 to 200 characters.');
  });
  it('once the length is right, only that the two differ', () => {
    expect(passphraseProblem('long enough', 'long enougH')).toBe('The two new passphrases differ.');
  });
  it('has none for a passphrase of 8 to 200 characters typed twice alike', () => {
    expect(passphraseProblem('12345678', '12345678')).toBeNull();
    expect(passphraseProblem('x'.repeat(200), 'x'.repeat(200))).toBeNull();
  });
});
