import { aboutPage } from '~/content/about';
import { faqGroups } from '~/content/faq';
import { homePage } from '~/content/home';
import { toolEntries } from '~/content/overview';
import { fillContent, fillPlaceholders, type PlaceholderValues } from '~/content/placeholders';
import { privacyPolicy } from '~/content/privacy-policy';
import { serviceAgreement } from '~/content/service-agreement';

const documents = { aboutPage, privacyPolicy, serviceAgreement, faqGroups, homePage };

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const configured: PlaceholderValues = {
  operatorName: '北京留学文书科技有限公司',
  supportEmail: 'support@wenshu.test',
  accountDeletionGraceDays: '15',
};
// What a deployment without OPERATOR_NAME and support e-mail gets (see PublicConfig).
const unconfigured: PlaceholderValues = { operatorName: '本平台运营方', supportEmail: null, accountDeletionGraceDays: '15' };

describe.each(Object.entries(documents))('%s', (_, doc) => {
  test.each([
    ['configured', configured],
    ['unconfigured', unconfigured],
  ] as const)('fills cleanly when %s', (_, values) => {
    const texts = strings(fillContent(doc, values));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      for (const bad of ['{{', '}}', '本平台运营方本平台运营方', '本平台运营方运营', 'example.com']) {
        expect(text, text).not.toContain(bad);
      }
      // Without an address nothing may point at an e-mail.
      if (!values.supportEmail) expect(text, text).not.toMatch(/邮件|邮箱/);
    }
  });
});

test('the legal texts and About name the operator and the support address when configured', () => {
  for (const doc of [aboutPage, privacyPolicy, serviceAgreement]) {
    const text = strings(fillContent(doc, configured)).join('\n');
    expect(text).toContain(configured.operatorName);
    expect(text).toContain(`发送邮件至${configured.supportEmail}`);
  }
});

test('without a support address, the legal texts say how to reach the operator (the feedback page, and how to get there signed out)', () => {
  for (const doc of [privacyPolicy, serviceAgreement]) {
    const contact = fillContent(doc, unconfigured)
      .sections.find((s) => s.id === 'contact')!
      .paragraphs.join('');
    expect(contact).toContain('/dash/feedback');
    expect(contact).toContain('用手机号获取验证码登录后提交');
    // With an address, that instruction gives way to it.
    const configuredContact = fillContent(doc, configured)
      .sections.find((s) => s.id === 'contact')!
      .paragraphs.join('');
    expect(configuredContact).toContain(`发送邮件至${configured.supportEmail}`);
    expect(configuredContact).not.toContain('/dash/feedback');
  }
});

test('{{^key}} keeps its inside only when the value is empty', () => {
  const text = '{{#supportEmail}}写信至{{supportEmail}}{{/supportEmail}}{{^supportEmail}}请使用反馈页{{/supportEmail}}。';
  expect(fillPlaceholders(text, configured)).toBe('写信至support@wenshu.test。');
  expect(fillPlaceholders(text, unconfigured)).toBe('请使用反馈页。');
});

test('content rendered without the filler has no placeholders', () => {
  for (const text of strings(toolEntries)) expect(text).not.toContain('{{');
});

describe('fillPlaceholders', () => {
  const text = '请通过“反馈”入口{{#supportEmail}}或发送邮件至{{supportEmail}}{{/supportEmail}}与{{operatorName}}联系。';

  test('keeps a conditional section when its value is set', () => {
    expect(fillPlaceholders(text, configured)).toBe(`请通过“反馈”入口或发送邮件至support@wenshu.test与北京留学文书科技有限公司联系。`);
  });

  test('drops a conditional section when its value is null or empty', () => {
    expect(fillPlaceholders(text, unconfigured)).toBe('请通过“反馈”入口与本平台运营方联系。');
    expect(fillPlaceholders(text, { ...unconfigured, supportEmail: '' })).toBe('请通过“反馈”入口与本平台运营方联系。');
  });

  test('refuses what would render broken text', () => {
    expect(() => fillPlaceholders('发送邮件至{{supportEmail}}', unconfigured)).toThrow(/wrap it/);
    expect(() => fillPlaceholders('{{operatorNmae}}', configured)).toThrow(/unknown placeholder/);
    expect(() => fillPlaceholders('{{#supportEmail}}未闭合', configured)).toThrow(/malformed/);
  });
});
