export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface WebCrypto {
  getRandomValues(array: Uint8Array): Uint8Array;
}

/**
 * 16 random bytes in base64: the Web Crypto API where the host has it (a browser, Node from 19),
 * else Node's crypto module (required only then: the browser's bundle never loads it).
 */
export function nonce(): string {
  const webCrypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (webCrypto?.getRandomValues) {
    const bytes = webCrypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes));
  }
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  return (require('crypto') as typeof import('crypto')).randomBytes(16).toString('base64');
}

/** A page that loads nothing from outside and runs only its own script. */
export function page(title: string, scriptNonce: string, style: string, body: string, script: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${scriptNonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); }
table { border-collapse: collapse; font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
th, td { padding: 1px 8px; text-align: right; border-bottom: 1px solid var(--vscode-panel-border, transparent); white-space: nowrap; }
th { position: sticky; top: 0; background: var(--vscode-editor-background); }
${style}
</style>
</head>
<body>
${body}
<script nonce="${scriptNonce}">${script}</script>
</body>
</html>`;
}
