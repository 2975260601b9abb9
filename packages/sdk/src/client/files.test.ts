import { Client, Storage } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { createFiles } from './files.ts';

describe('files', () => {
  const files = createFiles('https://portal.example/v1', 'opportunity-kit');

  it('gives one plain address per file: the project, and no empty setting', () => {
    expect(files.viewUrl('job-images', 'picture-1')).toBe('https://portal.example/v1/storage/buckets/job-images/files/picture-1/view?project=opportunity-kit');
    expect(files.downloadUrl('resumes', 'cv-1')).toBe('https://portal.example/v1/storage/buckets/resumes/files/cv-1/download?project=opportunity-kit');
  });

  it("gives the web SDK's own addresses, less their empty settings", () => {
    const storage = new Storage(new Client().setEndpoint('https://portal.example/v1').setProject('opportunity-kit'));
    const plain = (address: string) => address.replace(/&[a-z]+=(?=&|$)/g, '');
    expect(files.viewUrl('job-images', 'a b/ü')).toBe(plain(storage.getFileView({ bucketId: 'job-images', fileId: 'a b/ü' })));
    expect(files.downloadUrl('resumes', 'cv 1')).toBe(plain(storage.getFileDownload({ bucketId: 'resumes', fileId: 'cv 1' })));
  });
});
