import { createLogger } from '../../server/logger';
import { redactString } from '../../server/redact';

/** Issue 27: a logged object never carries a full phone, an ID number, a token, a cookie or a document's text. */
describe('log redaction', () => {
  const PHONE = '13812345678';
  const ID = '11010519491231002X';
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
  const ESSAY = '我从小就对金融充满好奇，这是一篇文书的正文。';

  it('by key and by look, at any depth; counts, ids and masks stay', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    const err = new Error(`login failed for ${PHONE} with Bearer ${JWT}`);
    logger.error(`user ${PHONE} failed`, {
      phone: PHONE,
      user: { mobile: `+86 ${PHONE}`, idNumber: ID, idNumberMasked: '1****************X', nickname: '小王' },
      headers: { authorization: `Bearer ${JWT}`, cookie: `__session=${JWT}; theme=dark` },
      refreshToken: 'r'.repeat(40),
      apiKey: 'sk-live-123',
      request: { body: { content: { blocks: [ESSAY] }, title: '标题' }, plainText: ESSAY, selectedText: ESSAY },
      note: `用户 ${PHONE} 提交身份证 ${ID}`,
      outputTokens: 120,
      orderNo: 'LX2026112712000012345678',
      workId: '0e5c1f4a-1381-4567-8138-123456789012',
      err,
    });
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    for (const secret of [PHONE, ID, JWT, 'r'.repeat(40), 'sk-live-123', ESSAY, '11010519491231']) expect(line).not.toContain(secret);
    const entry = JSON.parse(line);
    expect(entry.msg).toBe('user *******5678 failed');
    expect(entry.phone).toBe('*******5678');
    expect(entry.user).toMatchObject({ idNumber: '[已隐去]', idNumberMasked: '1****************X', nickname: '小王' });
    expect(entry.user.mobile).toMatch(/5678$/);
    expect(entry.headers.authorization).toBe('[已隐去]');
    expect(entry.request.plainText).toBe(`[文本已隐去：${ESSAY.length}字]`);
    expect(entry.request.body).toMatch(/^\[文本已隐去/);
    expect(entry.note).toBe('用户 *******5678 提交身份证 [身份证号已隐去]');
    expect(entry).toMatchObject({ outputTokens: 120, orderNo: 'LX2026112712000012345678', workId: '0e5c1f4a-1381-4567-8138-123456789012' });
    expect(entry.err.message).toBe('login failed for *******5678 with Bearer [令牌已隐去]');
    expect(entry.err.stack).not.toContain(PHONE);
  });

  it('strings: cookies and bare tokens; masked phones and other digit runs are left alone', () => {
    expect(redactString('cookie: __session=abc.def; refresh_token=xyz')).toBe('cookie: __session=[已隐去]; refresh_token=[已隐去]');
    expect(redactString(`token ${JWT}`)).toBe('token [令牌已隐去]');
    expect(redactString('138****5678 and 1700000000000 and 20261127123456')).toBe('138****5678 and 1700000000000 and 20261127123456');
  });
});
