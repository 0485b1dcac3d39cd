import { workExportHref } from './work-export';

it('builds the download address through the web app’s pass-through', () => {
  expect(workExportHref('3f1c2a9e-0000-4000-8000-000000000001', 'pdf')).toBe(
    '/resources/api/works/3f1c2a9e-0000-4000-8000-000000000001/export?format=pdf',
  );
  expect(workExportHref('w/../x', 'docx')).toBe('/resources/api/works/w%2F..%2Fx/export?format=docx');
});

it('asks for a CV’s layout when the page knows it', () => {
  expect(workExportHref('w1', 'pdf', { cvLength: 'two_page' })).toBe('/resources/api/works/w1/export?format=pdf&cvLength=two_page');
});
