import { percentEncode, rpcSignature } from './aliyun';
import { tc3Signature } from './tencent';

/** The signers against the worked examples of the providers' own documentation (ADR 0036). */
describe('SMS request signatures', () => {
  it('TC3-HMAC-SHA256 reproduces Tencent Cloud\'s "Signature v3" example', () => {
    const result = tc3Signature({
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      timestamp: 1551113065,
      canonicalHeaders: [
        ['content-type', 'application/json; charset=utf-8'],
        ['host', 'cvm.tencentcloudapi.com'],
      ],
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(result).toEqual({
      signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
      signedHeaders: 'content-type;host',
      credentialScope: '2019-02-25/cvm/tc3_request',
    });
  });

  it("Alibaba Cloud's RPC signature reproduces the documented DescribeRegions example", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes as Alibaba Cloud wants: only A-Z a-z 0-9 - _ . ~ stay, space is %20', () => {
    expect(percentEncode("a b*c~d!e'f(g)h+/:")).toBe('a%20b%2Ac~d%21e%27f%28g%29h%2B%2F%3A');
    expect(percentEncode('验证码')).toBe('%E9%AA%8C%E8%AF%81%E7%A0%81');
  });
});
