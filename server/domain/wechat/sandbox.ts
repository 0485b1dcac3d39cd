import { eq } from 'drizzle-orm';
import { wechatScenes } from '../../../db/schema';
import { WECHAT_MESSAGES, type SandboxScan, type SandboxScene } from '../../../contracts/wechat';
import { sandboxOpenid, sandboxSceneTicketValid } from '../../integrations/wechat';
import { DomainError, notFound } from '../errors';
import { recordScan, statusOf, type SceneDeps, type SceneRow } from './scenes';

/**
 * The sandbox's phone (/sandbox-wechat/{sceneStr}?t=…, ADR 0038): whoever holds the QR code's
 * signed link may see what it is for and scan it as a named test user. The scan goes through the
 * same `recordScan` as the Official Account's pushes. Refused unless WECHAT_LOGIN=sandbox.
 */
async function ticketScene(deps: SceneDeps, sceneStr: string, t: string): Promise<SceneRow> {
  if (deps.wechat.kind !== 'sandbox') throw notFound(WECHAT_MESSAGES.SANDBOX_DISABLED);
  if (!sandboxSceneTicketValid(deps.wechat.sandboxSecret, sceneStr, t)) throw notFound('二维码无效或已失效');
  const [row] = await deps.db.select().from(wechatScenes).where(eq(wechatScenes.sceneStr, sceneStr));
  if (!row) throw notFound('二维码无效或已失效');
  return row;
}

const view = (row: SceneRow): SandboxScene => ({
  sceneStr: row.sceneStr,
  purpose: row.purpose,
  status: statusOf(row),
  expiresAt: row.expiresAt.toISOString(),
  nickname: row.nickname,
});

export async function sandboxScene(deps: SceneDeps, input: { sceneStr: string; t: string }): Promise<SandboxScene> {
  return view(await ticketScene(deps, input.sceneStr, input.t));
}

const REFUSALS = { expired: '二维码已过期，请在电脑上刷新二维码', used: '二维码已使用', scanned: '二维码已被扫描' } as const;

export async function sandboxScan(deps: SceneDeps, input: SandboxScan): Promise<SandboxScene> {
  const before = view(await ticketScene(deps, input.sceneStr, input.t));
  if (before.status !== 'pending') throw new DomainError('CONFLICT', REFUSALS[before.status]);
  const outcome = await recordScan(deps, { sceneStr: input.sceneStr, openid: sandboxOpenid(input.nickname) }, async () => ({
    nickname: input.nickname,
    unionid: null,
  }));
  const after = await ticketScene(deps, input.sceneStr, input.t);
  if (outcome === 'ignored') {
    const status = statusOf(after);
    throw new DomainError('CONFLICT', status === 'pending' ? REFUSALS.expired : REFUSALS[status]);
  }
  return view(after);
}
