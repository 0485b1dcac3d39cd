import { parseCv } from '../../ai/cv/parse-cv';
import { detectedToProfileData } from './auto-profile';

describe('detectedToProfileData: what a CV puts into a new archive', () => {
  it('申请意向 becomes the archive’s 申请目标 (without the line it was read from)', () => {
    const detected = parseCv(
      ['王五', '申请意向', '目标国家/地区：香港、新加坡', '申请专业：金融工程、数据科学', '申请学位：硕士', '入学时间：2026年秋季'].join(
        '\n',
      ),
    );
    const data = detectedToProfileData(detected);
    expect(data.targets.countries).toEqual(['香港', '新加坡']);
    expect(data.targets.majors).toEqual(['金融工程', '数据科学']);
    expect(data.targets.degree).toBe('硕士');
    expect(data.targets).not.toHaveProperty('source');
    expect(data.skills).toEqual([]);
    expect(data.awards).toEqual([]);
  });
});
