// Signing in: the transport's own step, outside the contract — HTTP's /session, IPC's session:*
// channels (window.tidemark.session), the CLI's --as with TIDEMARK_PASSPHRASE. No contract method
// changes who a session is; this is what signing in takes and what each step answers.
import { z } from 'zod';
import type { ApiResult } from './api';
import { roles, type Caller } from './domain';
import { personName } from './review/types';

export const signInRequestSchema = z
  .object({
    person: personName,
    role: z.enum(roles),
    /** Asked only of a person who protects their name in the open project; '' is none given. */
    passphrase: z.string().max(200).optional(),
  })
  .strict();

export type SignInRequest = z.input<typeof signInRequestSchema>;

/** Who a session is, and whether the open project lets its calls in as them. */
export interface SessionState {
  caller: Caller;
  /**
   * False exactly when the open project protects the caller's name with a passphrase this session
   * has not given there: every call but those for anyone is refused ('unauthenticated') until it signs in again.
   */
  verified: boolean;
}

/** What the desktop's preload exposes as `window.tidemark.session` (HTTP answers the same shapes). */
export interface SessionBridge {
  signIn(request: SignInRequest): Promise<ApiResult<{ caller: Caller }>>;
  signOut(): Promise<ApiResult<null>>;
  current(): Promise<ApiResult<SessionState>>;
}
