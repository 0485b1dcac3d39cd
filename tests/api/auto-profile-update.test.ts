import { readFileSync } from 'node:fs';
import path from 'node:path';
import { client, login, startTestServer, type Envelope, type TestServer } from './harness';

/** A CV of a student who already exists (issue 24, ADR 0044): offered as an update, merged without loss. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CV = readFileSync(path.resolve('tests/fixtures/cv/zh-undergrad-cs.docx'));

async function upload(token: string, nickname?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(CV)]), 'cv.docx');
  if (nickname) form.append('nickname', nickname);
  const res = await fetch(`${server.url}/api/v1/ai/auto-cv-detection`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Envelope<Record<string, any>>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const balance = async (token: string) => (await client(server.url).get('/user/info', token)).body.data.total_points as number;

/** 李明轩 as the consultant created him before the CV arrived. */
const EXISTING = {
  name: '李明轩',
  data: {
    contact: { phone: '+86 138-1234-5678', wechat: 'lmx_2002' },
    major: '软件工程',
    research: [{ title: '校级课题：校园二手交易平台', organization: '浙江大学', description: '顾问手写的经历' }],
    tests: [{ type: 'IELTS', total: 7.5 }],
    targets: { countries: ['英国'], majors: ['计算机'] },
    notes: '家长希望申请英国',
  },
};

describe('an uploaded CV of a student who already exists', () => {
  it('is offered as an update of that student, with what would change, and the update loses nothing and adds no duplicate', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const existing = (await api.post('/client-profiles', EXISTING, me.accessToken)).body.data;
    await api.post('/client-profiles', { name: '王思远' }, me.accessToken);
    const before = await balance(me.accessToken);

    const detection = await upload(me.accessToken);
    expect(detection.matches).toHaveLength(1);
    const [match] = detection.matches;
    expect(match).toMatchObject({ id: existing.id, name: '李明轩', strength: 'strong', matchedOn: ['phone'] });
    // Empty fields the CV fills, a filled field it has otherwise (kept unless chosen), entries it adds.
    expect(match.changes.filled.map((f: any) => f.field)).toEqual(expect.arrayContaining(['email', 'currentSchool', 'gpa', 'cvText']));
    expect(match.changes.filled).toContainEqual({ field: 'currentSchool', value: '浙江大学' });
    // The CV's 申请意向 differs from the student's 申请目标: shown, kept unless ticked.
    expect(match.changes.differs).toEqual([
      { field: 'major', current: '软件工程', incoming: detection.profileData.major },
      { field: 'targets', current: '英国 · 计算机', incoming: '硕士 · 计算机科学 · 2025 Fall' },
    ]);
    const added = Object.fromEntries(match.changes.added.map((a: any) => [a.section, a.entries]));
    expect(added.tests).toEqual(expect.arrayContaining(['TOEFL 108']));
    expect(added.education[0]).toContain('浙江大学');
    expect(added.research.length).toBe(detection.profileData.research.length);

    const updated = await api.post(
      '/client-profiles/auto-import',
      { detectionId: detection.detectionId, name: '李明轩', updateProfileId: existing.id },
      me.accessToken,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('已更新学生档案');
    const data = updated.body.data.data;
    expect(updated.body.data).toMatchObject({ id: existing.id, name: '李明轩' });
    // Kept: what the consultant had, the differing major included.
    expect(data).toMatchObject({
      major: '软件工程',
      notes: '家长希望申请英国',
      contact: { phone: '+86 138-1234-5678', wechat: 'lmx_2002', email: detection.profileData.contact.email },
      targets: { countries: ['英国'], majors: ['计算机'] },
      currentSchool: '浙江大学',
    });
    expect(data.research[0]).toMatchObject(EXISTING.data.research[0]!);
    expect(data.research).toHaveLength(1 + detection.profileData.research.length);
    expect(data.tests.map((t: any) => `${t.type} ${t.total}`)).toEqual(expect.arrayContaining(['IELTS 7.5', 'TOEFL 108']));
    expect(updated.body.data.cvText).toContain('浙江大学');

    // No duplicate student; the same request again changes nothing; nothing more is charged.
    const list = (await api.get('/client-profiles', me.accessToken)).body.data;
    expect(list.total).toBe(2);
    const again = await api.post(
      '/client-profiles/auto-import',
      { detectionId: detection.detectionId, name: '李明轩', updateProfileId: existing.id },
      me.accessToken,
    );
    expect(again.body.data.data).toEqual(data);
    expect(await balance(me.accessToken)).toBe(before - 5);

    // A second upload of the same CV finds nothing more to add.
    const second = await upload(me.accessToken);
    expect(second.matches[0].changes).toEqual({
      filled: [],
      differs: [
        { field: 'major', current: '软件工程', incoming: detection.profileData.major },
        { field: 'targets', current: '英国 · 计算机', incoming: '硕士 · 计算机科学 · 2025 Fall' },
      ],
      added: [],
    });
    // The consultant may take the CV's value for a field shown as different.
    const replaced = await api.post(
      '/client-profiles/auto-import',
      { detectionId: second.detectionId, name: '李明轩', updateProfileId: existing.id, replaceFields: ['major'] },
      me.accessToken,
    );
    expect(replaced.body.data.data.major).toBe(detection.profileData.major);
    expect(replaced.body.data.data.research).toHaveLength(data.research.length);
    // A detection that updated a student cannot also create one.
    const created = await api.post('/client-profiles/auto-import', { detectionId: second.detectionId, name: '李明轩' }, me.accessToken);
    expect(created.body.data.id).toBe(existing.id);
    expect((await api.get('/client-profiles', me.accessToken)).body.data.total).toBe(2);
  }, 60_000);

  it('a student of the same name with another phone is not offered; one with nothing to compare is offered as possible', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    await api.post('/client-profiles', { name: '李明轩', data: { contact: { phone: '13900001111' } } }, me.accessToken);
    expect((await upload(me.accessToken)).matches).toEqual([]);
    const bare = (await api.post('/client-profiles', { name: '李 明轩' }, me.accessToken)).body.data;
    const detection = await upload(me.accessToken);
    expect(detection.matches).toEqual([expect.objectContaining({ id: bare.id, strength: 'possible', matchedOn: [] })]);
    // Creating a new student stays possible: the consultant chose 新建学生档案.
    const created = await api.post('/client-profiles/auto-import', { detectionId: detection.detectionId, name: '李明轩' }, me.accessToken);
    expect(created.status).toBe(201);
    expect((await api.get('/client-profiles', me.accessToken)).body.data.total).toBe(3);
  }, 60_000);

  it("another user's student is never matched nor updatable (404), and it stays as it was", async () => {
    const me = await login(server.url);
    const other = await login(server.url);
    const api = client(server.url);
    const theirs = (await api.post('/client-profiles', EXISTING, other.accessToken)).body.data;
    const detection = await upload(me.accessToken);
    expect(detection.matches).toEqual([]);
    const refused = await api.post(
      '/client-profiles/auto-import',
      { detectionId: detection.detectionId, name: '李明轩', updateProfileId: theirs.id },
      me.accessToken,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('学生档案不存在');
    const after = (await api.get(`/client-profiles/${theirs.id}`, other.accessToken)).body.data;
    expect(after.data).toEqual(theirs.data);
    expect(after.updated_at).toBe(theirs.updated_at);
    // Nor can the other user update their student with my detection.
    const stolen = await api.post(
      '/client-profiles/auto-import',
      { detectionId: detection.detectionId, name: '李明轩', updateProfileId: theirs.id },
      other.accessToken,
    );
    expect(stolen.status).toBe(404);
    // My detection is still mine to import.
    expect(
      (await api.post('/client-profiles/auto-import', { detectionId: detection.detectionId, name: '李明轩' }, me.accessToken)).status,
    ).toBe(201);
  }, 60_000);
});
