import { sql } from 'drizzle-orm';
import { analyzeStaleTables } from '../../db/client';
import { clientProfiles } from '../../db/schema';
import { profileDataSchema } from '../../contracts/archives';
import { searchTextOf } from '../../server/domain/archives/profiles';
import { login, startIsolatedServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startIsolatedServer();
});
afterAll(() => server.close());

describe('planner statistics (ADR 0066)', () => {
  it('a table that grew by more than a tenth is analyzed, then left alone until it changes again', async () => {
    const db = server.database.db;
    const me = await login(server.url);
    await analyzeStaleTables(db);
    const data = profileDataSchema.parse({ currentSchool: 'University of Michigan' });
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      userId: me.user.id,
      name: `学生${i}`,
      data,
      searchText: searchTextOf(`学生${i}`, data),
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(clientProfiles).values(rows.slice(i, i + 500));

    expect(await analyzeStaleTables(db)).toContain('client_profiles');
    const { rows: stats } = (await db.execute(
      sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'client_profiles'`,
    )) as unknown as { rows: { n: number }[] };
    expect(stats[0]!.n).toBeGreaterThan(0);
    expect(await analyzeStaleTables(db)).not.toContain('client_profiles');
  });
});
