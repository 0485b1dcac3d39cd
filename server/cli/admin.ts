import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../../db/client';
import { maskPhone } from '../../contracts/constants';
import { mainlandPhone } from '../../contracts/user';
import { setRole } from '../domain/users';

/**
 * `npm run admin -- grant <phone>` / `revoke <phone>`: set a user's role. The user must have
 * logged in once. With the embedded database, stop the server first (one process per data dir).
 */
const USAGE = '用法：npm run admin -- grant <手机号>   设为管理员\n      npm run admin -- revoke <手机号>  恢复为普通用户';

async function main(argv: string[]) {
  const [command, rawPhone] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !rawPhone) {
    console.error(USAGE);
    return 64;
  }
  const phone = mainlandPhone.safeParse(rawPhone);
  if (!phone.success) {
    console.error(`手机号无效：${rawPhone}`);
    return 64;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const user = await setRole(database.db, phone.data, command === 'grant' ? 'admin' : 'user');
    if (!user) {
      console.error(`没有找到手机号为 ${maskPhone(phone.data)} 的用户：请先用该手机号登录一次。`);
      return 1;
    }
    console.log(
      `已将 ${maskPhone(phone.data)}（${user.username ?? user.id}）设为${user.role === 'admin' ? '管理员' : '普通用户'}。接口按数据库中的角色判断，立即生效。`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `执行失败：${(error as Error).message}`);
    process.exit(1);
  },
);
