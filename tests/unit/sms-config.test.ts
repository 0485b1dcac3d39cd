import { ConfigError, loadConfig, webConfig } from '../../server/config';
import { PRODUCTION_ENV } from '../fixtures/production-env';

/** SMS provider settings (ADR 0036): refused half-configured, anywhere; production refuses `dev`. */
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  TENCENTCLOUD_SECRET_ID: 'AKIDexample',
  TENCENTCLOUD_SECRET_KEY: 'secret',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: '留学文书',
  TENCENT_SMS_TEMPLATE_ID: '1110',
};
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAIexample',
  ALIYUN_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '留学文书',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_154950909',
};
const PRODUCTION = PRODUCTION_ENV;
const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

describe('SMS provider settings', () => {
  it('production refuses the development sender and starts with a complete provider', () => {
    expect(messageOf(PRODUCTION)).toMatch(
      /SMS_PROVIDER=dev（开发短信发送器会把验证码返回给浏览器），生产环境请设置 SMS_PROVIDER=tencent 或 aliyun/,
    );
    expect(messageOf({ ...PRODUCTION, SMS_PROVIDER: 'dev' })).toMatch(/SMS_PROVIDER=dev/);
    for (const provider of [TENCENT, ALIYUN]) {
      const config = loadConfig({ ...PRODUCTION, ...provider });
      expect(config).toMatchObject({ SMS_PROVIDER: provider.SMS_PROVIDER, devSmsEnabled: false, isProduction: true });
      expect(webConfig(config).public.devSms).toBe(false);
    }
    expect(webConfig(loadConfig({ APP_ENV: 'test' })).public.devSms).toBe(true);
  });

  it('a half-configured tencent or aliyun is refused, in production and in development, naming what is missing', () => {
    const { TENCENT_SMS_TEMPLATE_ID: _t, TENCENTCLOUD_SECRET_KEY: _k, ...halfTencent } = TENCENT;
    const { ALIYUN_SMS_SIGN_NAME: _s, ...halfAliyun } = ALIYUN;
    const bases: Record<string, string>[] = [
      PRODUCTION,
      { APP_ENV: 'development', JWT_SECRET: 'j'.repeat(40), SESSION_SECRET: 's'.repeat(40) },
      { APP_ENV: 'test' },
    ];
    for (const base of bases) {
      expect(messageOf({ ...base, ...halfTencent })).toBe(
        '短信配置不完整:\n  - SMS_PROVIDER=tencent，但缺少 TENCENTCLOUD_SECRET_KEY、TENCENT_SMS_TEMPLATE_ID',
      );
      expect(messageOf({ ...base, ...halfAliyun })).toBe('短信配置不完整:\n  - SMS_PROVIDER=aliyun，但缺少 ALIYUN_SMS_SIGN_NAME');
      // An empty value is no value.
      expect(messageOf({ ...base, ...ALIYUN, ALIYUN_ACCESS_KEY_ID: '' })).toMatch(/缺少 ALIYUN_ACCESS_KEY_ID$/);
    }
    expect(messageOf({ APP_ENV: 'test', SMS_PROVIDER: 'twilio' })).toMatch(/SMS_PROVIDER 只能是 dev、tencent、aliyun/);
  });

  it('an endpoint is a bare host (https) or a full URL; defaults are the public APIs', () => {
    expect(loadConfig({ APP_ENV: 'test', ...TENCENT })).toMatchObject({
      TENCENT_SMS_ENDPOINT: 'https://sms.tencentcloudapi.com',
      TENCENT_SMS_REGION: 'ap-guangzhou',
      TENCENT_SMS_TEMPLATE_PARAMS: 'code',
      ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com',
      ALIYUN_SMS_TEMPLATE_PARAMS: ['code'],
      SMS_TIMEOUT_MS: 10_000,
    });
    expect(
      loadConfig({ APP_ENV: 'test', ...TENCENT, TENCENT_SMS_ENDPOINT: 'sms.ap-shanghai.tencentcloudapi.com' }).TENCENT_SMS_ENDPOINT,
    ).toBe('https://sms.ap-shanghai.tencentcloudapi.com');
    expect(loadConfig({ APP_ENV: 'test', ...TENCENT, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:8080' }).TENCENT_SMS_ENDPOINT).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'http://localhost:9000/' }).ALIYUN_SMS_ENDPOINT).toBe(
      'http://localhost:9000',
    );
    expect(loadConfig({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com:8443' }).ALIYUN_SMS_ENDPOINT).toBe(
      'https://dysmsapi.aliyuncs.com:8443',
    );
    for (const bad of ['ftp://sms.example.com', 'http://host/path', 'https://user:pw@host', 'not a host']) {
      expect(messageOf({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_ENDPOINT: bad })).toMatch(/ALIYUN_SMS_ENDPOINT 应为主机名/);
    }
    // Production sends codes over https only.
    expect(messageOf({ ...PRODUCTION, ...TENCENT, TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:8080' })).toMatch(
      /TENCENT_SMS_ENDPOINT 是 http 地址/,
    );
  });

  it('template parameters: tencent code or code,minutes; aliyun one or two variable names', () => {
    expect(loadConfig({ APP_ENV: 'test', ...TENCENT, TENCENT_SMS_TEMPLATE_PARAMS: 'code, minutes' }).TENCENT_SMS_TEMPLATE_PARAMS).toBe(
      'code,minutes',
    );
    expect(messageOf({ APP_ENV: 'test', ...TENCENT, TENCENT_SMS_TEMPLATE_PARAMS: 'minutes' })).toMatch(
      /TENCENT_SMS_TEMPLATE_PARAMS 只能是 code 或 code,minutes/,
    );
    expect(loadConfig({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_TEMPLATE_PARAMS: 'number, min' }).ALIYUN_SMS_TEMPLATE_PARAMS).toEqual([
      'number',
      'min',
    ]);
    expect(messageOf({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_TEMPLATE_PARAMS: 'a,b,c' })).toMatch(/最多两个变量/);
    expect(messageOf({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_TEMPLATE_PARAMS: 'code,code' })).toMatch(/不能相同/);
    expect(messageOf({ APP_ENV: 'test', ...ALIYUN, ALIYUN_SMS_TEMPLATE_PARAMS: '${code}' })).toMatch(/模板变量名/);
    expect(messageOf({ APP_ENV: 'test', ...TENCENT, TENCENT_SMS_TEMPLATE_ID: 'SMS_1' })).toMatch(/TENCENT_SMS_TEMPLATE_ID 是正文模板 ID/);
    expect(messageOf({ APP_ENV: 'test', SMS_TIMEOUT_MS: '60000' })).toMatch(/SMS_TIMEOUT_MS/);
  });
});
