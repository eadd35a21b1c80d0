// Links that carry a kernel (issue 39, part 4): the playground's state — source, cursor, pinned
// lane, layout; never personal settings such as Vim mode or the theme — in the URL fragment as
// `#v1:` + deflate-raw (CompressionStream, no server) + base64url. Pure: runs in the page and
// under Node 20 (test/share.test.mjs).

export const FORMAT = 'v1';
export const LAYOUTS = ['side', 'below'];
const MAX_SOURCE = 1 << 20;  // a 1 MiB kernel is far past any link a browser keeps

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it holds characters that base64url does not use');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The state checked field by field: what a link may carry, with defaults for what it omits. */
export function normalizeState(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('it is not an object');
  if (typeof value.source !== 'string') throw new Error('it has no source text');
  if (value.source.length > MAX_SOURCE) throw new Error('its source is longer than 1 MiB');
  const state = { source: value.source, cursor: 0, lane: null, layout: 'side' };
  if (value.cursor !== undefined) {
    if (!Number.isInteger(value.cursor) || value.cursor < 0) throw new Error('its cursor is not an offset');
    state.cursor = Math.min(value.cursor, value.source.length);
  }
  if (value.lane !== undefined && value.lane !== null) {
    if (!Number.isInteger(value.lane) || value.lane < 0 || value.lane > 31) throw new Error('its lane is not 0..31');
    state.lane = value.lane;
  }
  if (value.layout !== undefined) {
    if (!LAYOUTS.includes(value.layout)) throw new Error(`its layout is not one of ${LAYOUTS.join(', ')}`);
    state.layout = value.layout;
  }
  return state;
}

/** The fragment (without '#') for a state. */
export async function encodeState(state) {
  const s = normalizeState(state);
  const json = JSON.stringify({ source: s.source, cursor: s.cursor, lane: s.lane, layout: s.layout });
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `${FORMAT}:${toBase64Url(packed)}`;
}

/**
 * A fragment (with or without '#') read back: `{state}` for a good link, `{state: null}` for no
 * fragment, `{error}` (a sentence for the page to show) for a broken or future-version one.
 */
export async function decodeFragment(fragment) {
  const text = (fragment ?? '').replace(/^#/, '');
  if (text === '') return { state: null };
  const match = /^v(\d+):(.*)$/s.exec(text);
  if (!match) return { error: 'This link is not a playground link (it does not start with #v1:); the default example is open instead.' };
  if (`v${match[1]}` !== FORMAT) {
    return {
      error: `This link was made by a newer playground (format v${match[1]}); this one reads v1 links. The default example is open instead.`,
    };
  }
  try {
    const bytes = await pipe(fromBase64Url(match[2]), new DecompressionStream('deflate-raw'));
    const state = normalizeState(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
    return { state };
  } catch (err) {
    const why = err instanceof SyntaxError ? 'its text is not the JSON a link holds' : String(err?.message ?? err);
    return { error: `This link is damaged (${why.replace(/\.$/, '')}); the default example is open instead.` };
  }
}
