import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from '../config';
import { openDatabase, type Database } from '../../db/client';
import { maskPhone } from '../../contracts/constants';
import { mainlandPhone } from '../../contracts/user';
import { channelInviteCodeSchema, redemptionBatchCreateSchema } from '../../contracts/points';
import { createRedemptionBatch } from '../domain/points/redemption-codes';
import { saveChannelInviteCode } from '../domain/points/rewards';
import { setRole } from '../domain/users';
import { CLI_ACTOR, recordAdminAction } from '../domain/admin-audit';

/**
 * `npm run admin -- grant <phone>` / `revoke <phone>`: set a user's role. The user must have
 * logged in once. `codes <points> <count> <maxUses> [expiresAt]`: a batch of redemption codes,
 * printed one per line. `programs <file.csv> [--dry-run]`: the 选校 programs catalogue. With the embedded database, stop the server first (one process per data dir).
 */
const USAGE = [
  '用法：npm run admin -- grant <手机号>   设为管理员',
  '      npm run admin -- revoke <手机号>  恢复为普通用户',
  '      npm run admin -- codes <每个积分> <数量> <每个可用次数> [过期时间，如 2027-01-01]  生成兑换码',
  '      npm run admin -- channel <渠道邀请码> <渠道名称> <奖励积分>  新建或修改渠道邀请码',
  '      npm run admin -- reconcile [回溯小时数，默认48]  向支付网关查询未到账的订单并补记积分',
  '      npm run admin -- programs <文件.csv> [--dry-run]  导入选校项目库（表头见 docs/school-match-data.md）',
].join('\n');

/** Opens the configured database for one command and closes it afterwards. */
async function withDatabase<T>(work: (db: Database, config: AppConfig) => Promise<T>): Promise<T> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return await work(database.db, config);
  } finally {
    await database.close();
  }
}

/**
 * Orders left pending (or expired lately) whose gateway says they are paid: credited through the
 * notification path, so a notification arriving at the same time changes nothing. Realtime events
 * are not sent from here (the pages poll the order).
 */
async function reconcile(args: string[]) {
  const hours = args[0] === undefined ? 48 : Number(args[0]);
  if (!Number.isInteger(hours) || hours < 1 || hours > 24 * 30) {
    console.error(`回溯小时数应为 1 到 720 的整数\n${USAGE}`);
    return 64;
  }
  // Loaded here: the gateways' SDKs take a second to load, which the other commands need not pay.
  const [{ reconcilePendingOrders }, { createGateways }, { createLogger }] = await Promise.all([
    import('../domain/payments/reconcile'),
    import('../integrations/payments'),
    import('../logger'),
  ]);
  const report = await withDatabase(async (db, config) => {
    const found = await reconcilePendingOrders(
      { db, events: { publish: async () => undefined }, logger: createLogger(config.LOG_LEVEL) },
      createGateways(config),
      hours,
    );
    // Each credit commits on its own (as a gateway's notification would); the run is logged after them (ADR 0053).
    await recordAdminAction(db, CLI_ACTOR, {
      action: 'orders.reconcile',
      targetType: 'payment_orders',
      after: { hours, checked: found.checked, credited: found.credited, failed: found.failed.map((f) => f.orderNo) },
    });
    return found;
  });
  console.log(`已查询 ${report.checked} 个订单，补记 ${report.credited.length} 个：${report.credited.join(' ') || '无'}`);
  for (const f of report.failed) console.error(`  ${f.orderNo}：${f.error}`);
  return report.failed.length ? 1 : 0;
}

async function createCodes(args: string[]) {
  const [points, count, maxUses, expiresAt] = args;
  const input = redemptionBatchCreateSchema.safeParse({ points, count, maxUses, expiresAt });
  if (!input.success) {
    console.error(`${input.error.issues[0]?.message ?? '参数无效'}\n${USAGE}`);
    return 64;
  }
  const { codes } = await withDatabase((db) => createRedemptionBatch(db, CLI_ACTOR, { ...input.data, note: '命令行生成' }));
  console.error(`已生成 ${codes.length} 个兑换码，每个 ${input.data.points} 积分、可用 ${input.data.maxUses} 次：`);
  console.log(codes.join('\n'));
  return 0;
}

/** Channel invite codes: a partner's or an event's code, with its own reward for new users. */
async function upsertChannel(args: string[]) {
  const input = channelInviteCodeSchema.safeParse({ code: args[0], name: args[1], points: args[2] });
  if (!input.success) {
    console.error(`${input.error.issues[0]?.message ?? '参数无效'}\n${USAGE}`);
    return 64;
  }
  const result = await withDatabase((db) => saveChannelInviteCode(db, CLI_ACTOR, input.data));
  if (result === 'taken') {
    console.error(`邀请码 ${input.data.code} 已是某位用户的个人邀请码，请换一个。`);
    return 1;
  }
  console.log(
    `渠道邀请码 ${input.data.code}（${input.data.name}）已${result === 'created' ? '创建' : '更新'}：新用户注册奖励 ${input.data.points} 积分。`,
  );
  return 0;
}

/** The shared programs catalogue from a CSV (docs/school-match-data.md); `--dry-run` writes nothing. */
async function programs(args: string[]) {
  const file = args.find((a) => a !== '--dry-run');
  const dryRun = args.includes('--dry-run');
  if (!file || args.length > 2) {
    console.error(USAGE);
    return 64;
  }
  const [{ readFile }, { importPrograms }, { DomainError }] = await Promise.all([
    import('node:fs/promises'),
    import('../domain/school-match/programs'),
    import('../errors'),
  ]);
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) {
    console.error(`无法读取文件：${file}`);
    return 66;
  }
  try {
    const result = await withDatabase(async (db) => {
      // The catalogue first, so programs link to their institutions on a database never started.
      const { loadCatalogue } = await import('../domain/school-match/catalogue');
      await loadCatalogue(db);
      return importPrograms(db, bytes, { dryRun, actor: CLI_ACTOR });
    });
    for (const e of result.errors) console.error(e.message);
    console.log(
      `${dryRun ? '试导入（未写入）' : '导入完成'}：新增 ${result.imported}，更新 ${result.updated}，跳过 ${result.skipped}（其中有误 ${result.errors.length} 行）`,
    );
    return result.errors.length ? 1 : 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 65;
    }
    throw error;
  }
}

async function main(argv: string[]) {
  const [command, rawPhone] = argv;
  if (command === 'codes') return createCodes(argv.slice(1));
  if (command === 'channel') return upsertChannel(argv.slice(1));
  if (command === 'reconcile') return reconcile(argv.slice(1));
  if (command === 'programs') return programs(argv.slice(1));
  if ((command !== 'grant' && command !== 'revoke') || !rawPhone) {
    console.error(USAGE);
    return 64;
  }
  const phone = mainlandPhone.safeParse(rawPhone);
  if (!phone.success) {
    console.error(`手机号无效：${rawPhone}`);
    return 64;
  }
  const user = await withDatabase((db) => setRole(db, phone.data, command === 'grant' ? 'admin' : 'user', CLI_ACTOR));
  if (!user) {
    console.error(`没有找到手机号为 ${maskPhone(phone.data)} 的用户：请先用该手机号登录一次。`);
    return 1;
  }
  console.log(
    `已将 ${maskPhone(phone.data)}（${user.username ?? user.id}）设为${user.role === 'admin' ? '管理员' : '普通用户'}。接口按数据库中的角色判断，立即生效。`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `执行失败：${(error as Error).message}`);
    process.exit(1);
  },
);
