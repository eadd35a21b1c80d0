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
  /** The extension's folder; in the repository it is vscode-extension/. */
  extensionPath: string;
  /** The first workspace folder, for a relative setting. */
  workspaceFolder: string | undefined;
  /** The PATH environment variable. */
  searchPath: string | undefined;
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
 * The setting wins, then the environment variable, then the repository's build next to the
 * extension (../build/bin/gpuasm), then `gpuasm` on PATH. An explicit setting or variable that
 * names no executable is not silently replaced by a fallback: the user asked for that file.
 */
export function findServer(inputs: ServerPathInputs): ServerPathLookup {
  const tried: string[] = [];
  const explicit = inputs.setting.trim() || inputs.environment?.trim();
  if (explicit) {
    let file = expandHome(explicit);
    if (!path.isAbsolute(file) && inputs.workspaceFolder) {
      file = path.join(inputs.workspaceFolder, file);
    }
    tried.push(file);
    return isExecutableFile(file) ? { found: file, tried } : { tried };
  }
  const repositoryBuild = path.resolve(inputs.extensionPath, '..', 'build', 'bin', 'gpuasm');
  tried.push(repositoryBuild);
  if (isExecutableFile(repositoryBuild)) {
    return { found: repositoryBuild, tried };
  }
  for (const dir of (inputs.searchPath ?? '').split(path.delimiter).filter((d) => d !== '')) {
    const file = path.join(dir, 'gpuasm');
    if (isExecutableFile(file)) {
      return { found: file, tried: [...tried, file] };
    }
  }
  tried.push('gpuasm on PATH');
  return { tried };
}
