import { describe, expect, it } from 'vitest';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  fileExtension,
  isAllowedUploadFileName,
  nameExtension,
} from './file-name';

describe('fileExtension', () => {
  it.each([
    ['report.docx', 'docx'],
    ['REPORT.DOCX', 'docx'],
    ['archive.tar.gz', 'gz'],
    ['https://cdn.example.com/a/b/clip.MP4?sig=abc&x=1#t=10', 'mp4'],
    ['https://cdn.example.com/v1.2/file', ''],
    ['https://cdn.example.com/file?name=photo.png', ''],
    ['noextension', ''],
    ['trailing.', ''],
    ['.gitignore', ''],
    ['', ''],
  ])('reads %j as %j', (fileName, extension) => {
    expect(fileExtension(fileName)).toBe(extension);
  });
});

describe('nameExtension', () => {
  it.each([
    ['Invoice #12.PDF', 'pdf'],
    ['Colour #3?.png', 'png'],
    ['a?b#c.tiff', 'tiff'],
    ['archive.tar.gz', 'gz'],
    ['.png', ''],
    ['trailing.', ''],
    ['noextension', ''],
  ])('reads the name %j as %j, # and ? being plain letters', (name, extension) => {
    expect(nameExtension(name)).toBe(extension);
  });
});

describe('isAllowedUploadFileName', () => {
  it.each(['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff', 'pdf'])(
    'allows .%s',
    (extension) => {
      expect(isAllowedUploadFileName(`upload.${extension}`)).toBe(true);
    },
  );

  it('lists exactly the §5 allowed upload types', () => {
    expect([...ALLOWED_UPLOAD_EXTENSIONS].sort()).toEqual(
      ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff', 'pdf'].sort(),
    );
  });

  it.each(['upload.PNG', 'Upload.Pdf', 'https://cdn.example.com/a/upload.TIFF?sig=1'])(
    'allows %s regardless of case or query string',
    (fileName) => {
      expect(isAllowedUploadFileName(fileName)).toBe(true);
    },
  );

  it.each([
    ['an image-detection-only type', 'photo.jfif'],
    ['an attachment image type outside the list', 'vector.eps'],
    ['a video', 'clip.mp4'],
    ['an Illustrator file', 'logo.ai'],
    ['a document', 'brief.docx'],
    ['an executable', 'setup.exe'],
    ['a short tiff spelling', 'scan.tif'],
    ['a name without extension', 'README'],
    ['an allowed word that is not the extension', 'png'],
    ['a dotfile', '.png'],
    ['an allowed type followed by another extension', 'photo.png.exe'],
    ['an empty name', ''],
  ])('refuses %s', (_label, fileName) => {
    expect(isAllowedUploadFileName(fileName)).toBe(false);
  });
});
