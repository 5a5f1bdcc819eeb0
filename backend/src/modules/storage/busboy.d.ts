// Types for busboy 1.x (the streaming multipart parser multer is built on); the package ships none.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface BusboyConfig {
      headers: IncomingHttpHeaders;
      highWaterMark?: number;
      fileHwm?: number;
      defCharset?: string;
      /** Charset of non-extended header parameters such as `filename` (busboy's default is latin1). */
      defParamCharset?: string;
      preservePath?: boolean;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }
    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }
    interface FileStream extends Readable {
      /** Set once the `fileSize` limit cut the file short (`limit` was emitted). */
      truncated: boolean;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
      on(event: 'filesLimit' | 'fieldsLimit' | 'partsLimit' | 'close' | 'finish', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
      on(event: string | symbol, listener: (...args: never[]) => void): this;
    }
  }

  function busboy(config: busboy.BusboyConfig): busboy.Busboy;
  export = busboy;
}
