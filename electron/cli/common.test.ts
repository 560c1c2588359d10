import { describe, expect, it } from 'vitest';
import type { ProfileKind } from '../../shared/profiles';
import { profileNamed } from './common';

const profiles: Array<{ id: string; kind: ProfileKind; name: string; builtin: boolean }> = [
  { id: 'builtin:vcbench', kind: 'vcbench', name: 'VCBench', builtin: true },
  { id: 'builtin:ovo-s-bench', kind: 'ovo-s-bench', name: 'OVO-S-Bench', builtin: true },
  { id: 'c1', kind: 'custom', name: 'OVO-Bench', builtin: false },
  { id: 'c2', kind: 'custom', name: 'StreamingBench', builtin: false },
  { id: 'c3', kind: 'custom', name: 'Mine', builtin: false },
  { id: 'c4', kind: 'custom', name: 'mine', builtin: false },
];

describe('--profile', () => {
  it('names a profile by its id, a built-in kind, or the name of the custom profile a format imports into', () => {
    expect(profileNamed(profiles, 'c3')?.id).toBe('c3');
    expect(profileNamed(profiles, 'builtin:vcbench')?.id).toBe('builtin:vcbench');
    expect(profileNamed(profiles, 'vcbench')?.id).toBe('builtin:vcbench');
    expect(profileNamed(profiles, 'ovo-s-bench')?.id).toBe('builtin:ovo-s-bench');
    expect(profileNamed(profiles, 'ovo-bench')?.id).toBe('c1');
    expect(profileNamed(profiles, 'streamingbench')?.id).toBe('c2');
  });
  it('names none where no profile, or more than one, has the name; "custom" is no name', () => {
    expect(profileNamed(profiles, 'mine')).toBeNull();
    expect(profileNamed(profiles, 'custom')).toBeNull();
    expect(profileNamed(profiles, 'phostream')).toBeNull();
  });
});
