import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../../db/client';
import { centsToPoints, maskPhone } from '../../contracts/constants';
import { ledgerMismatches } from '../domain/points/ledger';

/**
 * `npm run ledger:check`: every balance must equal the sum of its ledger rows. Prints the users
 * where it does not and exits 1; exits 0 when all agree. Safe to run against a live PostgreSQL.
 */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const mismatches = await ledgerMismatches(database.db);
    if (mismatches.length === 0) {
      console.log('积分账本核对通过：所有用户的余额都等于其积分明细之和。');
      return 0;
    }
    console.error(`积分账本核对失败：${mismatches.length} 个用户的余额与积分明细之和不一致。`);
    for (const m of mismatches) {
      console.error(
        `  ${maskPhone(m.phone)}（${m.userId}）：余额 ${centsToPoints(m.balanceCents)}，明细之和 ${centsToPoints(m.ledgerCents)}`,
      );
    }
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `执行失败：${(error as Error).message}`);
    process.exit(1);
  },
);
