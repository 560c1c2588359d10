// The start screen's side of "Connect to a team server": the desktop's `window.tidemark.team` bridge
// (absent in a browser), the address checked here first so a refusal shows at once, and every answer
// parsed before it is believed. The desktop opens the server's own sign-in page in a window of its own.
import { z } from 'zod';
import { recentTeamServerSchema, teamServerOrigin, type RecentTeamServer, type TeamConnectBridge } from '../../../shared/team-connect';
import { describeZodIssue } from '../../../shared/zod-issue';

export type TeamServersAnswer = { ok: true; recent: RecentTeamServer[] } | { ok: false; message: string };

/** The desktop's team bridge; undefined in a browser (browser mode, and a team server's own pages). */
export function teamBridge(): TeamConnectBridge | undefined {
  const bridge = typeof window !== 'undefined' ? window.tidemark : undefined;
  return bridge && 'team' in bridge && typeof bridge.team === 'object' && bridge.team !== null ? (bridge.team as TeamConnectBridge) : undefined;
}

const refusal = z.object({ ok: z.literal(false), error: z.object({ code: z.string().min(1), message: z.string().min(1) }) });
const resultOf = <T extends z.ZodType>(value: T) => z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), refusal]);
const recentList = z.array(recentTeamServerSchema);
const connectAnswer = resultOf(z.object({ url: z.string(), recent: recentList }));
const recentAnswer = resultOf(recentList);

async function ask<T>(
  channel: string,
  send: () => Promise<unknown>,
  schema: z.ZodType<{ ok: true; value: T } | z.infer<typeof refusal>>,
  pick: (value: T) => RecentTeamServer[],
): Promise<TeamServersAnswer> {
  let answer: unknown;
  try {
    answer = await send();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return { ok: false, message: describeZodIssue(`${channel} gave an answer Tidemark cannot read`, parsed.error, [], 'the answer') };
  return parsed.data.ok ? { ok: true, recent: pick(parsed.data.value) } : { ok: false, message: parsed.data.error.message };
}

/** Asks the desktop to open the server at `address` (as typed); answers the recent servers after, or why not. */
export async function connectToTeamServer(address: string): Promise<TeamServersAnswer> {
  const bridge = teamBridge();
  if (!bridge) return { ok: false, message: 'Connecting to a team server is done from the desktop app; in a browser, open the server’s address.' };
  const origin = teamServerOrigin(address);
  if (!origin.ok) return { ok: false, message: origin.reason };
  return ask(
    'team:connect',
    // as typed: the desktop opens the server's page it names (an invitation link), and checks it again
    () => bridge.connect(address.trim()),
    connectAnswer,
    (value) => value.recent,
  );
}

export async function recentTeamServers(): Promise<TeamServersAnswer> {
  const bridge = teamBridge();
  if (!bridge) return { ok: true, recent: [] };
  return ask(
    'team:recent',
    () => bridge.recent(),
    recentAnswer,
    (value) => value,
  );
}
