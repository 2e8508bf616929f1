import { describe, expect, it } from 'vitest';
import { cleanFileName, kindOfHead, officeKindOfZip } from './document-file.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('kindOfHead', () => {
  it.each([
    ['%PDF-1.7', bytes('%PDF-1.7\n'), { kind: 'pdf' }],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), { kind: 'png' }],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), { kind: 'jpeg' }],
    ['GIF', bytes('GIF89a'), { kind: 'gif' }],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), { kind: 'webp' }],
    ['zip', bytes([0x50, 0x4b, 0x03, 0x04, 20]), { zip: true }],
  ])('tells %s', (_name, head, expected) => {
    expect(kindOfHead(head)).toEqual(expected);
  });

  it.each([
    ['a Windows program', bytes('MZ', [0x90, 0]), /Windows program/],
    ['a Linux program', bytes([0x7f, 0x45, 0x4c, 0x46, 2]), /a program/],
    ['a script', bytes('#!/bin/sh\n'), /a script/],
    ['an old Office file', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), /old-format Office/],
    ['text', bytes('hello'), /not a PDF/],
    ['nothing', bytes(), /empty/],
  ])('refuses %s', (_name, head, message) => {
    const verdict = kindOfHead(head);
    expect('refused' in verdict && verdict.refused).toMatch(message);
  });
});

describe('officeKindOfZip', () => {
  it('refuses bytes without a directory end', () => {
    expect(officeKindOfZip(new Uint8Array(100), 100)).toEqual({ refused: 'a damaged zip (no directory at its end)' });
  });

  it('refuses a directory that lies before the tail it was given', () => {
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(10, 1, true);
    view.setUint32(12, 46, true);
    view.setUint32(16, 0, true);
    expect(officeKindOfZip(end, 10_000)).toEqual({ refused: 'a zip whose directory is too large or not where its end says' });
  });
});

describe('cleanFileName', () => {
  it.each([
    ['CTO 2026.pdf', 'pdf', 'CTO 2026.pdf'],
    ['C:\\Users\\me\\Desktop\\CTO.PDF', 'pdf', 'CTO.PDF'.replace('.PDF', '.pdf')],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['setup.exe', 'pdf', 'setup.exe.pdf'],
    ['photo.jpeg', 'jpeg', 'photo.jpeg'],
    ['photo.png', 'jpeg', 'photo.png.jpg'],
    ['  report\u0000\u202e.pdf  ', 'pdf', 'report.pdf'],
    ['...', 'docx', 'document.docx'],
    ['a   b\tc.xlsx', 'xlsx', 'a b c.xlsx'],
  ] as const)('%j as %s is %j', (raw, kind, expected) => {
    expect(cleanFileName(raw, kind)).toBe(expected);
  });

  it('keeps at most 120 characters, extension included', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.pdf`, 'pdf');
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
