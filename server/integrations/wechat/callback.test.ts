import { callbackSignature, callbackVerified, parseWechatXml, sceneScanOf } from './callback';

const SCAN = `<xml><ToUserName><![CDATA[gh_123]]></ToUserName>
<FromUserName><![CDATA[oUser]]></FromUserName>
<CreateTime>1700000000</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[SCAN]]></Event>
<EventKey><![CDATA[abc123]]></EventKey>
<Ticket><![CDATA[gQticket]]></Ticket>
</xml>`;

describe('parseWechatXml', () => {
  it('reads the top-level fields of a push: CDATA, plain text, entities, split CDATA, empty elements', () => {
    expect(parseWechatXml(SCAN)).toEqual({
      ToUserName: 'gh_123',
      FromUserName: 'oUser',
      CreateTime: '1700000000',
      MsgType: 'event',
      Event: 'SCAN',
      EventKey: 'abc123',
      Ticket: 'gQticket',
    });
    expect(
      parseWechatXml('<?xml version="1.0"?>\n<xml><A>a &lt;b&gt; &amp; &#20320;&#x597D;</A><B><![CDATA[x]]]]><![CDATA[>y]]></B><C/></xml>'),
    ).toEqual({
      A: 'a <b> & 你好',
      B: 'x]]>y',
      C: '',
    });
  });

  it('skips nested elements without reading them', () => {
    expect(
      parseWechatXml('<xml><Event><![CDATA[scancode_push]]></Event><ScanCodeInfo><ScanType>qrcode</ScanType></ScanCodeInfo></xml>'),
    ).toEqual({
      Event: 'scancode_push',
    });
  });

  it('refuses what is not one flat WeChat message', () => {
    for (const text of [
      '',
      'success',
      '<root><A>1</A></root>',
      '<xml><A>1</A>',
      '<xml><A>1</B></xml>',
      '<xml><A><![CDATA[1</A></xml>',
      '<xml><A>1</A><A>2</A></xml>',
      '<xml><A>1</A><A/></xml>',
      '<xml>text</xml>',
      '<!DOCTYPE xml [<!ENTITY e "x">]><xml><A>&e;</A></xml>',
      '<xml><A x="1">1</A></xml>',
      `<xml>${Array.from({ length: 70 }, (_, i) => `<F${i}>1</F${i}>`).join('')}</xml>`,
    ]) {
      expect(parseWechatXml(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('stays linear on hostile bodies of the largest size the route admits', () => {
    const size = 64 * 1024;
    const hostile = [
      `<xml>${'<![CDATA['.repeat(size / 9)}`,
      `<xml><A>${'<'.repeat(size)}`,
      `<xml><A>${'<A>'.repeat(size / 3)}`,
      `<xml><A><![CDATA[${']]'.repeat(size / 2)}`,
      `<xml><A>${'&amp;'.repeat(size / 5)}</A></xml>`,
      `<xml><A>${'&#1'.repeat(size / 3)}</A></xml>`,
    ];
    // Quadratic work on 64 KB would take seconds; linear work takes a few milliseconds.
    for (const text of hostile) {
      const started = performance.now();
      parseWechatXml(text);
      expect(performance.now() - started).toBeLessThan(250);
    }
  });
});

describe('callbackVerified', () => {
  const token = 'tok123';
  const now = 1_700_000_000_000;
  const signed = (timestamp: string, nonce = '42') => ({ signature: callbackSignature(token, timestamp, nonce), timestamp, nonce });

  it('accepts our signature within five minutes either way, nothing else', () => {
    expect(callbackVerified(token, signed('1700000000'), now)).toBe(true);
    expect(callbackVerified(token, signed('1699999700'), now)).toBe(true);
    expect(callbackVerified(token, signed('1699999699'), now)).toBe(false);
    expect(callbackVerified(token, signed('1700000301'), now)).toBe(false);
    expect(callbackVerified('other', signed('1700000000'), now)).toBe(false);
    expect(callbackVerified(token, { ...signed('1700000000'), nonce: '43' }, now)).toBe(false);
    expect(callbackVerified(token, { ...signed('1700000000'), signature: ['a'] }, now)).toBe(false);
    expect(callbackVerified(token, {}, now)).toBe(false);
  });

  it('is the SHA-1 of the token, timestamp and nonce sorted as strings and joined', () => {
    // sha1("1700000000" + "42" + "tok123")
    expect(callbackSignature('tok123', '1700000000', '42')).toBe('c3660fc3ba91a926b6234ced22dc3e9735f053ed');
  });
});

describe('sceneScanOf', () => {
  it('takes SCAN with the scene as key, and subscribe with qrscene_ before it', () => {
    expect(sceneScanOf(parseWechatXml(SCAN)!)).toEqual({ openid: 'oUser', sceneStr: 'abc123' });
    expect(sceneScanOf({ MsgType: 'event', Event: 'subscribe', EventKey: 'qrscene_abc', FromUserName: 'o1' })).toEqual({
      openid: 'o1',
      sceneStr: 'abc',
    });
    expect(sceneScanOf({ MsgType: 'event', Event: 'subscribe', EventKey: '', FromUserName: 'o1' })).toBeNull();
    expect(sceneScanOf({ MsgType: 'event', Event: 'subscribe', EventKey: 'qrscene_', FromUserName: 'o1' })).toBeNull();
    expect(sceneScanOf({ MsgType: 'text', Event: 'SCAN', EventKey: 'abc', FromUserName: 'o1' })).toBeNull();
    expect(sceneScanOf({ MsgType: 'event', Event: 'unsubscribe', FromUserName: 'o1' })).toBeNull();
  });
});
