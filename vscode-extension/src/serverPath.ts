import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** Where the gpuasm binary was looked for, in order, and what was found. */
export interface ServerPathLookup {
  found?: string;
  tried: string[];
}

export interface ServerPathInputs {
  /** The `gpuasm.serverPath` setting (may be empty). */
  setting: string;
  /** The `GPUASM_SERVER_PATH` environment variable (may be undefined). */
  environment: string | undefined;
  /** The extension's folder: bin/gpuasm there is the bundled server; in the repository it is vscode-extension/. */
  extensionPath: string;
  /** The first workspace folder, for a relative setting. */
  workspaceFolder: string | undefined;
  /** The PATH environment variable. */
  searchPath: string | undefined;
  /** The platform the extension host runs on (process.platform unless given): on win32 the binary is gpuasm.exe. */
  platform?: NodeJS.Platform;
}

/** The gpuasm binary's file name on `platform`: gpuasm.exe on Windows, gpuasm elsewhere. */
export function serverFileName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'gpuasm.exe' : 'gpuasm';
}

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function expandHome(file: string): string {
  const home = process.env.HOME ?? process.env.USERPROFILE;
  return home && (file === '~' || file.startsWith('~/')) ? path.join(home, file.slice(1)) : file;
}

/**
 * The server the self-contained .vsix carries (vscode-extension/package.sh puts it there):
 * bin/gpuasm, or bin/gpuasm.exe in the win32-x64 one.
 */
export function bundledServer(extensionPath: string, platform: NodeJS.Platform = process.platform): string {
  return path.join(extensionPath, 'bin', serverFileName(platform));
}

/**
 * The setting wins, then the environment variable, then the server bundled with the extension
 * (bin/gpuasm), then the repository's build next to the extension (../build/bin/gpuasm), then
 * `gpuasm` on PATH — each gpuasm.exe on Windows. An explicit setting or variable that names no executable is not silently
 * replaced by a fallback: the user asked for that file. A bundled server that lost its execute
 * bit on the way (an unzip that drops modes) gets it back.
 */
export function findServer(inputs: ServerPathInputs): ServerPathLookup {
  const tried: string[] = [];
  const platform = inputs.platform ?? process.platform;
  const name = serverFileName(platform);
  const explicit = inputs.setting.trim() || inputs.environment?.trim();
  if (explicit) {
    let file = expandHome(explicit);
    if (!path.isAbsolute(file) && inputs.workspaceFolder) {
      file = path.join(inputs.workspaceFolder, file);
    }
    tried.push(file);
    return isExecutableFile(file) ? { found: file, tried } : { tried };
  }
  const bundled = bundledServer(inputs.extensionPath, platform);
  tried.push(bundled);
  // (Windows has no execute bit: there every file passes isExecutableFile.)
  if (fs.existsSync(bundled) && !isExecutableFile(bundled)) {
    try {
      fs.chmodSync(bundled, 0o755);
    } catch {
      // Reported below: the file is then tried and found not executable.
    }
  }
  if (isExecutableFile(bundled)) {
    return { found: bundled, tried };
  }
  const repositoryBuild = path.resolve(inputs.extensionPath, '..', 'build', 'bin', name);
  tried.push(repositoryBuild);
  if (isExecutableFile(repositoryBuild)) {
    return { found: repositoryBuild, tried };
  }
  for (const dir of (inputs.searchPath ?? '').split(path.delimiter).filter((d) => d !== '')) {
    const file = path.join(dir, name);
    if (isExecutableFile(file)) {
      return { found: file, tried: [...tried, file] };
    }
  }
  tried.push(`${name} on PATH`);
  return { tried };
}

/**
 * Whether `file` runs here: `gpuasm --version` must exit 0 within `timeoutMs`. Resolves to its
 * output (version, commit, spec) or rejects with why it did not run — a binary for another
 * machine, a missing library, a file that is no gpuasm.
 */
export function checkServerRuns(file: string, timeoutMs = 10000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, ['--version'], { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) {
        const detail = stderr.toString().trim().split('\n')[0] || error.message;
        reject(new Error(detail));
      } else if (!stdout.toString().startsWith('gpuasm ')) {
        reject(new Error(`its --version printed ${JSON.stringify(stdout.toString().slice(0, 60))}, not gpuasm's`));
      } else {
        resolve(stdout.toString().trim());
      }
    });
  });
}

/**
 * gpuasm's core in WebAssembly as the universal .vsix carries it (vscode-extension/package.sh):
 * out/gpuasm-core.wasm and the worker that runs it under Node, out/wasmWorker.js; undefined when
 * the extension has no such core (a platform .vsix, the repository's out/).
 */
export function wasmCore(extensionPath: string): { worker: string; wasm: string } | undefined {
  const worker = path.join(extensionPath, 'out', 'wasmWorker.js');
  const wasm = path.join(extensionPath, 'out', 'gpuasm-core.wasm');
  return fs.existsSync(worker) && fs.existsSync(wasm) ? { worker, wasm } : undefined;
}

/** What the extension starts (src/extension.ts): a native binary, the WebAssembly core, or neither. */
export interface ServerChoice {
  native?: string;
  wasm?: { worker: string; wasm: string };
  /** Where the binary was looked for (findServer). */
  tried: string[];
}

/**
 * The native binary findServer finds, always first (it is faster and has what needs a process);
 * else the WebAssembly core the extension carries (the universal .vsix) — unless the setting or
 * the environment named a binary: the user asked for that file, and its absence is said.
 */
export function chooseServer(inputs: ServerPathInputs): ServerChoice {
  const lookup = findServer(inputs);
  if (lookup.found !== undefined) {
    return { native: lookup.found, tried: lookup.tried };
  }
  const explicit = Boolean(inputs.setting.trim() || inputs.environment?.trim());
  const wasm = explicit ? undefined : wasmCore(inputs.extensionPath);
  return wasm === undefined ? { tried: lookup.tried } : { wasm, tried: lookup.tried };
}
