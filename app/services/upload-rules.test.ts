import { checkUpload, pickUpload, UPLOAD_MESSAGES } from './upload-rules';
import { formatSubScores, parseSubScores, splitList } from './archive-sections';

const file = (name: string, size = 1000) => ({ name, size });

describe('the upload rules of spec §5, in the browser', () => {
  it('takes pdf, doc, docx and txt under 5 MB', () => {
    for (const name of ['简历.pdf', 'cv.DOC', 'cv.docx', 'cv.txt']) expect(checkUpload(file(name))).toBeNull();
    expect(checkUpload(file('photo.png'))).toBe(UPLOAD_MESSAGES.type);
    expect(checkUpload(file('cv.pdf.exe'))).toBe(UPLOAD_MESSAGES.type);
    expect(checkUpload(file('cv.pdf', 5 * 1024 * 1024 - 1))).toBeNull();
    expect(checkUpload(file('cv.pdf', 5 * 1024 * 1024))).toBe('文件必须小于 5MB!');
    expect(checkUpload(file('cv.pdf', 0))).toBe('文件无效，请重新上传');
    expect(checkUpload(null)).toBe('文件无效，请重新上传');
  });

  it('keeps the first of several files, and the one already chosen', () => {
    expect(pickUpload([file('a.pdf'), file('b.pdf')], null)).toEqual({
      file: file('a.pdf'),
      warning: '一次只能上传一个文件，仅处理第一个文件',
    });
    expect(pickUpload([file('b.pdf')], file('a.pdf'))).toEqual({ file: file('a.pdf'), warning: '仅保留第一个文件' });
    expect(pickUpload([file('a.png'), file('b.pdf')], null)).toEqual({ error: UPLOAD_MESSAGES.type });
    expect(pickUpload([], null)).toEqual({ error: '文件无效，请重新上传' });
  });
});

describe('archive section fields typed as text', () => {
  it('reads sub-scores and lists as people type them', () => {
    expect(parseSubScores('R 28, L 27，S：23、W25')).toEqual({ ok: true, sub: { R: 28, L: 27, S: 23, W: 25 } });
    expect(parseSubScores('')).toEqual({ ok: true, sub: {} });
    expect(parseSubScores('听力很好')).toEqual({ ok: false });
    expect(formatSubScores({ V: 155, Q: 170 })).toBe('V 155, Q 170');
    expect(splitList('美国，英国、 香港;新加坡')).toEqual(['美国', '英国', '香港', '新加坡']);
  });
});
