// Types for the part of unzipper 0.10 the e2e suites use (reading a downloaded zip); the package ships none.
declare module 'unzipper' {
  interface ZipEntry {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    buffer(): Promise<Buffer>;
  }
  interface CentralDirectory {
    files: ZipEntry[];
  }
  export const Open: { buffer(data: Buffer): Promise<CentralDirectory> };
}
