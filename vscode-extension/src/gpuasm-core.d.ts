// server/web/core.mjs, which esbuild bundles into the workers (vscode-extension/package.sh aliases
// this name to it); tsc only checks the calls (src/wasmProtocol.ts's Core is the same shape).
declare module 'gpuasm-core' {
  export function loadCore(options?: object): Promise<{
    lsp(body: string): string[];
    lspIdle(): string[] | null;
    dap(body: string, options?: { slices?: boolean }): string[];
    dapIdle(): string[] | null;
    writeFile(path: string, text: string): void;
    removeFile(path: string): void;
  }>;
}
