import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocumentServerDownloadError, documentServerUrl, downloadFromDocumentServer } from './onlyoffice-download';

/** docs/office-design.md §2.2 "Downloading url / changesurl safely": document server only, rewrite, limits. */
describe('downloads from the document server', () => {
  it('accepts only addresses under OFFICE_URL (rewritten to OFFICE_INTERNAL_URL) or OFFICE_INTERNAL_URL', () => {
    const pub = 'https://office.example.org';
    const internal = 'http://onlyoffice';
    expect(documentServerUrl('https://office.example.org/cache/files/k/output.docx?md5=x', pub, internal)).toBe('http://onlyoffice/cache/files/k/output.docx?md5=x');
    expect(documentServerUrl('http://onlyoffice/cache/files/k/output.docx', pub, internal)).toBe('http://onlyoffice/cache/files/k/output.docx');
    // a path prefix in OFFICE_URL
    expect(documentServerUrl('https://x.org/ds/cache/a', 'https://x.org/ds', 'http://onlyoffice:8080')).toBe('http://onlyoffice:8080/cache/a');
    expect(documentServerUrl('https://x.org/other/a', 'https://x.org/ds', 'http://onlyoffice:8080')).toBeNull();
    // other hosts, ports, schemes, credentials, non-strings: refused
    expect(documentServerUrl('http://169.254.169.254/latest/meta-data', pub, internal)).toBeNull();
    expect(documentServerUrl('https://office.example.org.evil.com/a', pub, internal)).toBeNull();
    expect(documentServerUrl('http://onlyoffice:81/a', pub, internal)).toBeNull();
    expect(documentServerUrl('file:///etc/passwd', pub, internal)).toBeNull();
    expect(documentServerUrl('http://user:pw@onlyoffice/a', pub, internal)).toBeNull();
    expect(documentServerUrl(42, pub, internal)).toBeNull();
    expect(documentServerUrl('http://onlyoffice/a', undefined, undefined)).toBeNull();
  });

  describe('limits', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/small') res.end(Buffer.alloc(100, 1));
        else if (req.url === '/big') res.end(Buffer.alloc(5000, 1));
        else if (req.url === '/chunked') {
          res.write(Buffer.alloc(3000, 1));
          res.end(Buffer.alloc(3000, 1));
        } else if (req.url === '/redirect') res.writeHead(302, { location: '/small' }).end();
        else if (req.url === '/slow') setTimeout(() => res.end('late'), 500);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reads within the size limit; refuses larger ones (declared or streamed), redirects, errors and slow answers', async () => {
      expect(await downloadFromDocumentServer(`${base}/small`, 1000)).toHaveLength(100);
      await expect(downloadFromDocumentServer(`${base}/big`, 1000)).rejects.toBeInstanceOf(DocumentServerDownloadError);
      await expect(downloadFromDocumentServer(`${base}/chunked`, 4000)).rejects.toThrow(/larger than 4000/);
      await expect(downloadFromDocumentServer(`${base}/redirect`, 1000)).rejects.toThrow(/HTTP 302/);
      await expect(downloadFromDocumentServer(`${base}/missing`, 1000)).rejects.toThrow(/HTTP 404/);
      await expect(downloadFromDocumentServer(`${base}/slow`, 1000, 100)).rejects.toBeInstanceOf(DocumentServerDownloadError);
    });
  });
});
