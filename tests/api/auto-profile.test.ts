import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { client, login, startTestServer, type Envelope, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIXTURES = path.resolve('tests/fixtures/cv');
const CASES: Array<[file: string, name: string, school: string]> = [
  ['zh-undergrad-cs.docx', '李明轩', '浙江大学'],
  ['en-msc-finance.pdf', 'Emily (Yuting) Chen', 'The University of Edinburgh'],
  ['zh-two-column.pdf', '王思远', '南京大学'],
  ['zh-master-accounting.doc', '赵雨桐', '上海财经大学'],
  ['zh-highschool.gbk.txt', '刘子涵', '北京市第四中学'],
  ['en-stats.utf16.txt', 'Michael Zhang', 'University of California, Berkeley'],
];

async function upload(token: string, files: Array<{ name: string; bytes: Buffer }>, nickname?: string, signal?: AbortSignal) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
  if (nickname) form.append('nickname', nickname);
  const res = await fetch(`${server.url}/api/v1/ai/auto-cv-detection`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  return { status: res.status, body: (await res.json()) as Envelope<Record<string, any>> };
}
const balance = async (token: string) => (await client(server.url).get('/user/info', token)).body.data.total_points as number;

describe('新建学生 from a CV', () => {
  it.each(CASES)('%s: detected, imported into a profile with its fields, 智能建档 charged once', async (file, name, school) => {
    const me = await login(server.url);
    const before = await balance(me.accessToken);
    const detected = await upload(
      me.accessToken,
      [{ name: `改过名字的-${file}.bin`, bytes: readFileSync(path.join(FIXTURES, file)) }],
      '小李',
    );
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    expect(detected.body.data.detected.name.value).toBe(name);
    expect(detected.body.data.profileData).toMatchObject({ nickname: '小李', currentSchool: school });
    // Reserved now (处理中), settled on import.
    expect(await balance(me.accessToken)).toBe(before - 5);
    const api = client(server.url);
    const imported = await api.post('/client-profiles/auto-import', { detectionId: detected.body.data.detectionId, name }, me.accessToken);
    expect(imported.status).toBe(201);
    expect(imported.body.data).toMatchObject({ name, data: { currentSchool: school, nickname: '小李' } });
    expect(imported.body.data.cvText.toLowerCase()).toContain(school.toLowerCase());
    const again = await api.post('/client-profiles/auto-import', { detectionId: detected.body.data.detectionId, name }, me.accessToken);
    expect(again.body.data.id).toBe(imported.body.data.id);
    expect(await balance(me.accessToken)).toBe(before - 5);
    const history = (await api.get('/user/points-history', me.accessToken)).body.data.items;
    expect(history[0]).toMatchObject({ source: 'auto_profile', status: 'success', points: -5 });
  });

  it('cancelling after the data was returned creates nothing and stays charged (ADR 0035); another user cannot import or cancel it', async () => {
    const me = await login(server.url);
    const other = await login(server.url);
    const before = await balance(me.accessToken);
    const detected = await upload(me.accessToken, [{ name: 'cv.docx', bytes: readFileSync(path.join(FIXTURES, 'zh-undergrad-cs.docx')) }]);
    const id = detected.body.data.detectionId;
    const api = client(server.url);
    expect((await api.post('/client-profiles/auto-import', { detectionId: id, name: 'x' }, other.accessToken)).status).toBe(404);
    expect((await api.post(`/ai/auto-cv-detection/${id}/cancel`, {}, other.accessToken)).status).toBe(404);
    // The answer carried the whole profile data: the detection is paid when it is returned.
    expect(await balance(me.accessToken)).toBe(before - 5);
    const cancelled = await api.post(`/ai/auto-cv-detection/${id}/cancel`, {}, me.accessToken);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('已取消，未创建学生档案（识别结果已返回，本次智能建档已计费）');
    expect(await balance(me.accessToken)).toBe(before - 5);
    const late = await api.post('/client-profiles/auto-import', { detectionId: id, name: '李明轩' }, me.accessToken);
    expect(late.status).toBe(409);
    expect((await api.get('/client-profiles', me.accessToken)).body.data.total).toBe(0);
    const history = (await api.get('/user/points-history', me.accessToken)).body.data.items;
    expect(history.filter((i: any) => i.source === 'auto_profile')).toEqual([
      expect.objectContaining({ type: 'consumption', status: 'success' }),
    ]);
  });

  it('bad files get a clear Chinese error, nothing is created and nothing is charged', async () => {
    const me = await login(server.url);
    const before = await balance(me.accessToken);
    const bad = (name: string) => ({ name, bytes: readFileSync(path.join(FIXTURES, 'bad', name)) });
    const cases: Array<[Array<{ name: string; bytes: Buffer }>, number, string]> = [
      [[bad('elf-renamed.pdf')], 415, '仅支持pdf, doc, docx和txt格式的文件'],
      [[bad('corrupt.pdf')], 400, '文件无效，请重新上传'],
      [[bad('encrypted.pdf')], 422, '文件已加密，请上传未加密的文件'],
      [[bad('scanned.pdf')], 422, '未能从文件中识别出文字，请上传带文字层的 PDF 或 Word 文件'],
      [[bad('plain-zip.docx')], 415, '仅支持pdf, doc, docx和txt格式的文件'],
      [[{ name: 'empty.txt', bytes: Buffer.alloc(0) }], 400, '文件无效，请重新上传'],
      [[{ name: 'big.txt', bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) }], 413, '文件必须小于 5MB!'],
      // Under 5 MB, not up to: exactly 5 MB is refused as well.
      [[{ name: 'five.txt', bytes: Buffer.alloc(5 * 1024 * 1024, 0x61) }], 413, '文件必须小于 5MB!'],
    ];
    for (const [files, status, message] of cases) {
      const res = await upload(me.accessToken, files);
      expect(res.status, files[0]!.name).toBe(status);
      expect(res.body.message, files[0]!.name).toBe(message);
    }
    expect(await balance(me.accessToken)).toBe(before);
    expect((await client(server.url).get('/client-profiles', me.accessToken)).body.data.total).toBe(0);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });

  it('two files: only the first is read, and the answer says so', async () => {
    const me = await login(server.url);
    const bytes = readFileSync(path.join(FIXTURES, 'en-stats.utf16.txt'));
    const res = await upload(me.accessToken, [
      { name: 'a.txt', bytes },
      { name: 'b.txt', bytes },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: '一次只能上传一个文件，仅处理第一个文件', data: { extraFilesIgnored: 1 } });
  });

  it('without enough points: 402 and the file is not read', async () => {
    const me = await login(server.url);
    const boss = await login(server.url);
    const { setRole } = await import('../../server/domain/users');
    await setRole(server.database.db, boss.phone, 'admin');
    await client(server.url).post(
      '/admin/points/adjust',
      { phone: me.phone, points: -(await balance(me.accessToken)), reason: '清零测试' },
      boss.accessToken,
    );
    const res = await upload(me.accessToken, [{ name: 'cv.docx', bytes: readFileSync(path.join(FIXTURES, 'zh-undergrad-cs.docx')) }]);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_POINTS', data: { shortage: { required: 5, available: 0 } } });
  });

  it('auto-import without detectionId (the detected data plus name) is a free manual creation, validated as one', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const before = await balance(me.accessToken);
    const created = await api.post(
      '/client-profiles/auto-import',
      { name: '周可欣', data: { currentSchool: '武汉大学', major: '英语', skills: ['雅思 7.5'] } },
      me.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: '周可欣',
      cvText: null,
      data: { currentSchool: '武汉大学', major: '英语', skills: ['雅思 7.5'] },
    });
    expect((await api.get(`/client-profiles/${created.body.data.id}`, me.accessToken)).body.data.name).toBe('周可欣');
    expect(await balance(me.accessToken)).toBe(before);
    const history = (await api.get('/user/points-history', me.accessToken)).body.data.items as Array<{ source: string }>;
    expect(history.filter((h) => h.source === 'auto_profile')).toHaveLength(0);
    // The same validation as POST /client-profiles, and a bad detectionId is never taken as manual.
    for (const [body, message] of [
      [{ name: '  ' }, '请输入学生昵称'],
      [{ name: 'x'.repeat(51) }, '学生昵称不能超过50个字符'],
      [{ name: '周可欣', data: { currentSchool: 5 } }, undefined],
      [{ name: '周可欣', detectionId: 'not-a-detection' }, '简历识别结果不存在，请重新上传'],
      [{ name: '周可欣', detectionId: null }, '简历识别结果不存在，请重新上传'],
    ] as const) {
      const refused = await api.post('/client-profiles/auto-import', body, me.accessToken);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body.message).toBe(message);
      else expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await api.get('/client-profiles', me.accessToken)).body.data.total).toBe(1);
  });
});
