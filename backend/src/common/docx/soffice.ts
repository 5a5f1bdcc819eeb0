// LibreOffice in headless mode, for the formats the library cannot read itself (legacy .doc) and for
// checks that a generated file opens (PDF). Every run gets its own temporary folder and user profile:
// two soffice processes sharing a profile refuse to start, and the folder is removed afterwards. A run
// that outlives its timeout is killed with its whole process group.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The `soffice` executable on PATH, or null when LibreOffice is not installed. */
export function findSoffice(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'soffice');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface SofficeOptions {
  /** Path of the soffice executable (findSoffice() when omitted). */
  soffice?: string;
  /** Whole run, ms; default 60 s plus 10 s per file, at most 10 minutes. */
  timeoutMs?: number;
}

/**
 * Converts files with one soffice run (`--convert-to <format>`, e.g. 'docx' or 'pdf'); each input is
 * `{bytes, ext}` (ext tells LibreOffice the format). Answers the converted bytes per input, null for
 * an input that was not converted. Throws only when soffice is not available.
 */
export async function sofficeConvert(inputs: { bytes: Uint8Array; ext: string }[], format: string, options: SofficeOptions = {}): Promise<(Buffer | null)[]> {
  const soffice = options.soffice ?? findSoffice();
  if (!soffice) throw new Error('soffice is not installed');
  if (inputs.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'horizon-soffice-'));
  try {
    const inDir = join(dir, 'in');
    const outDir = join(dir, 'out');
    await mkdir(inDir);
    await mkdir(outDir);
    const names = inputs.map((input, i) => `${i + 1}.${input.ext.replace(/[^A-Za-z0-9]/g, '') || 'bin'}`);
    await Promise.all(inputs.map((input, i) => writeFile(join(inDir, names[i]), input.bytes)));
    const timeout = options.timeoutMs ?? Math.min(600_000, 60_000 + 10_000 * inputs.length);
    await run(soffice, [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless', '--invisible', '--norestore', '--nolockcheck', '--nodefault', '--nologo',
      '--convert-to', format, '--outdir', outDir,
      ...names.map((n) => join(inDir, n)),
    ], timeout);
    const target = format.split(':')[0];
    return await Promise.all(names.map((n) => readFile(join(outDir, n.replace(/\.[^.]*$/, `.${target}`))).catch(() => null)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore', env: { ...process.env, SAL_USE_VCLPLUGIN: 'svp' } });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    child.once('error', done);
    child.once('exit', done);
  });
}
