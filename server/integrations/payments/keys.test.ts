import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readKey } from './keys';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const usable = (pem: string) => createPrivateKey(pem).asymmetricKeyType;

describe('readKey', () => {
  it('takes PEM text, PEM with literal \\n (as env files carry it), a file path, or bare base64', () => {
    expect(usable(readKey(privateKey, 'PRIVATE KEY'))).toBe('rsa');
    expect(usable(readKey(privateKey.replace(/\n/g, '\\n'), 'PRIVATE KEY'))).toBe('rsa');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lx-key-')), 'apiclient_key.pem');
    writeFileSync(file, privateKey);
    expect(usable(readKey(file, 'PRIVATE KEY'))).toBe('rsa');
    const bare = privateKey.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(usable(readKey(bare, 'PRIVATE KEY'))).toBe('rsa');
  });
});
