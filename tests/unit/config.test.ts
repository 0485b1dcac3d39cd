import { ConfigError, loadConfig, webConfig } from '../../server/config';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({ APP_ENV: 'test' });
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', SMS_PROVIDER: 'dev', devSmsEnabled: true, isProduction: false });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('rejects invalid settings with a message naming the setting', () => {
    expect(() => loadConfig({ APP_ENV: 'test', PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'test', DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_ENV: 'test', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
  });

  it('refuses production with the development SMS sender', () => {
    const production = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@localhost/db',
    };
    expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER=dev/);
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'dev' })).toThrow(ConfigError);
  });

  it('refuses production without secrets or PostgreSQL', () => {
    let message = '';
    try {
      loadConfig({ APP_ENV: 'production' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET 未设置/);
    expect(message).toMatch(/SESSION_SECRET 未设置/);
    expect(message).toMatch(/DATABASE_URL 未设置/);
  });

  it('refuses production with the payment sandbox, and a half-configured gateway anywhere', () => {
    const production = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@localhost/db',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDERS 含 sandbox/);
    expect(() => loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'wechat' })).toThrow(/已启用 wechat，但缺少 WECHATPAY_MCHID/);
    expect(() => loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'sandbox,alipay', ALIPAY_APP_ID: '2021' })).toThrow(
      /已启用 alipay，但缺少 ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ APP_ENV: 'test', PAYMENT_PROVIDERS: 'paypal' })).toThrow(/PAYMENT_PROVIDERS/);
    expect(loadConfig({ APP_ENV: 'test' })).toMatchObject({
      PAYMENT_PROVIDERS: ['sandbox'],
      PAYMENT_ORDER_TTL_MINUTES: 30,
      publicBaseUrl: 'http://localhost:3000',
    });
  });

  it('refuses production with the WeChat login sandbox, and a half-configured Official Account anywhere', () => {
    const production = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@localhost/db',
    };
    expect(() => loadConfig(production)).toThrow(/WECHAT_LOGIN=sandbox/);
    expect(() => loadConfig({ APP_ENV: 'test', WECHAT_LOGIN: 'mp', WECHAT_MP_APPID: 'wx123' })).toThrow(
      /WECHAT_LOGIN=mp，但缺少 WECHAT_MP_SECRET、WECHAT_MP_TOKEN/,
    );
    expect(() => loadConfig({ APP_ENV: 'test', WECHAT_LOGIN: 'oauth' })).toThrow(/WECHAT_LOGIN/);
    expect(() => loadConfig({ APP_ENV: 'test', WECHAT_MP_TOKEN: 'a b' })).toThrow(/WECHAT_MP_TOKEN/);
    const mp = loadConfig({
      APP_ENV: 'test',
      WECHAT_LOGIN: 'mp',
      WECHAT_MP_APPID: 'wx123',
      WECHAT_MP_SECRET: 'sec',
      WECHAT_MP_TOKEN: 'tok123',
    });
    expect(mp).toMatchObject({ WECHAT_LOGIN: 'mp', WECHAT_API_BASE: 'https://api.weixin.qq.com' });
    expect(loadConfig({ APP_ENV: 'test' }).WECHAT_LOGIN).toBe('sandbox');
  });

  it('refuses production with the real-name sandbox or a half-configured provider, naming what is missing', () => {
    const production = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@localhost/db',
    };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    expect(refusal(production)).toMatch(/ID_VERIFY_PROVIDER=sandbox/);
    const half = refusal({ ...production, ID_VERIFY_PROVIDER: 'http', ID_VERIFY_URL: 'https://idcert.example.com/idcard' });
    expect(half).toMatch(/实名认证：已启用 http，但缺少 ID_VERIFY_APP_CODE/);
    expect(half).not.toMatch(/ID_VERIFY_PROVIDER=sandbox/);
    expect(
      refusal({ ...production, ID_VERIFY_PROVIDER: 'http', ID_VERIFY_URL: 'http://idcert.example.com/idcard', ID_VERIFY_APP_CODE: 'c' }),
    ).toMatch(/ID_VERIFY_URL 必须是 https:\/\//);
    // Anywhere: half a configuration is a typo.
    expect(() => loadConfig({ APP_ENV: 'test', ID_VERIFY_PROVIDER: 'http', ID_VERIFY_APP_CODE: 'c' })).toThrow(
      /已启用 http，但缺少 ID_VERIFY_URL/,
    );
    expect(() => loadConfig({ APP_ENV: 'test', ID_VERIFY_APP_CODE: 'c' })).toThrow(
      /已设置 ID_VERIFY_APP_CODE，但 ID_VERIFY_PROVIDER 不是 http/,
    );
    expect(() => loadConfig({ APP_ENV: 'test', ID_VERIFY_PROVIDER: 'aliyun' })).toThrow(/ID_VERIFY_PROVIDER 只能是 sandbox 或 http/);
    expect(loadConfig({ APP_ENV: 'test' }).ID_VERIFY_PROVIDER).toBe('sandbox');
    const http = { APP_ENV: 'test', ID_VERIFY_PROVIDER: 'http', ID_VERIFY_URL: 'http://127.0.0.1:1/idcard', ID_VERIFY_APP_CODE: 'c' };
    expect(loadConfig(http)).toMatchObject({ ID_VERIFY_PROVIDER: 'http', ID_VERIFY_APP_CODE: 'c' });
  });

  it('trusts loopback always and proxies only as configured', () => {
    expect(loadConfig({ APP_ENV: 'test' }).trustProxy).toBe('loopback');
    expect(loadConfig({ APP_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ APP_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toBe('loopback, 10.0.0.0/8, 192.168.1.5');
    expect(() => loadConfig({ APP_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/伪造 IP/);
  });

  it('splits rotating session secrets, first one signs', () => {
    const config = loadConfig({ APP_ENV: 'test', SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(32)}` });
    expect(config.sessionSecrets).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
  });

  it('checks each rotating session secret for length on its own', () => {
    // Together they are long enough; the second alone is not.
    expect(() => loadConfig({ APP_ENV: 'test', SESSION_SECRET: `${'a'.repeat(40)},short` })).toThrow(/每个 SESSION_SECRET 至少 32 个字符/);
  });

  it('gives the browser only the public subset, with absent contacts as null', () => {
    const config = loadConfig({ APP_ENV: 'test', SUPPORT_WECHAT_ID: 'kefu', JWT_SECRET: 'j'.repeat(40) });
    const web = webConfig(config);
    expect(web.public).toEqual({
      devSms: true,
      wechatLogin: 'sandbox',
      supportWechatQrUrl: null,
      supportWechatId: 'kefu',
      supportEmail: null,
      operatorName: '本平台运营方',
      accountDeletionGraceDays: '15',
      clarityProjectId: null,
    });
    expect(JSON.stringify(web.public)).not.toContain('j'.repeat(40));
    expect(() => loadConfig({ APP_ENV: 'test', SUPPORT_EMAIL: 'not-mail' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('turns Clarity on only with a project id, and never in tests', () => {
    // Secrets given: development would otherwise write dev-secrets.json into DATA_DIR.
    const dev = { APP_ENV: 'development', JWT_SECRET: 'j'.repeat(40), SESSION_SECRET: 's'.repeat(40) };
    expect(webConfig(loadConfig(dev)).public.clarityProjectId).toBeNull();
    expect(webConfig(loadConfig({ ...dev, CLARITY_PROJECT_ID: 'abc123xyz' })).public.clarityProjectId).toBe('abc123xyz');
    expect(webConfig(loadConfig({ APP_ENV: 'test', CLARITY_PROJECT_ID: 'abc123xyz' })).public.clarityProjectId).toBeNull();
    expect(() => loadConfig({ APP_ENV: 'test', CLARITY_PROJECT_ID: 'https://clarity.ms/x' })).toThrow(/CLARITY_PROJECT_ID/);
  });
});
