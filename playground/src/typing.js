// Typing that lets a keystroke and its diagnostics be drawn in the same frame.
//
// Chrome defers the page's tasks after a key until the next frame is drawn (Blink's
// DeferRendererTasksAfterInput, on by default, policy "all types": once a discrete input event's
// handling has asked for a frame, every task of the page, a worker's messages among them, waits
// until that frame's main-thread part is done). When the editor changes its DOM in the key's own
// event, the server's answer (about 1 ms later, from the worker) waits for the vsync and the
// frame that draws the keystroke, and the diagnostics come a frame later. So the keys that edit
// the text are taken from the event and applied in a task of their own, posted at once: the
// key's event changes nothing, no frame is asked for, nothing is deferred, and the answer to the
// didChange that task sends is handled as soon as it arrives — before the vsync, when the core is
// quick — so one frame draws the keystroke and its diagnostics.
//
// Only plain typing is taken: a printable character (Shift allowed), Backspace, Delete and Enter
// without Ctrl, Alt, Meta or Shift, in the editor, when it is editable, not composing (IME) and
// not in Vim mode. Everything else goes its usual way, after the keys taken before it (an event
// that comes while some wait applies them first, so the order of the edits and of the other
// input is kept).
import { deleteCharBackward, deleteCharForward, insertNewlineAndIndent } from '@codemirror/commands';
import { EditorView, runScopeHandlers } from '@codemirror/view';

const EDIT_KEYS = new Set(['Backspace', 'Delete', 'Enter']);

// What Backspace, Delete and Enter do when no keymap of the editor takes them.
const FALLBACK = { Backspace: deleteCharBackward, Delete: deleteCharForward, Enter: insertNewlineAndIndent };

function isPlainEdit(event) {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing || event.keyCode === 229) return false;
  // Shift only with a character (Shift+Enter and the like stay the browser's and the editor's).
  return event.key.length === 1 || (EDIT_KEYS.has(event.key) && !event.shiftKey);
}

function applyKey(view, event) {
  if (event.key.length !== 1) {
    // Backspace, Delete, Enter: the editor's keymap (deleteCharBackward, insertNewlineAndIndent,
    // an open completion's accept, …), as its own keydown handler would run it.
    if (!runScopeHandlers(view, event, 'editor')) FALLBACK[event.key](view);
    return;
  }
  // A character: what the editor does with text the browser inserted (its input handlers first,
  // else the selection replaced), as typing.
  const text = event.key;
  const { from, to } = view.state.selection.main;
  const insert = () => view.state.update(view.state.replaceSelection(text), { userEvent: 'input.type', scrollIntoView: true });
  if (!view.state.facet(EditorView.inputHandler).some((h) => h(view, from, to, text, insert))) view.dispatch(insert());
}

/**
 * Takes the plain editing keys of `view` out of their keydown (see above). `enabled()` says
 * whether to (false: Vim mode). Installed on the document in the capture phase, after any
 * listener registered before it (the page's keystroke timing sees every key first).
 */
export function typeOutsideKeyEvents(view, enabled) {
  const waiting = [];
  const channel = new MessageChannel();
  const applyWaiting = () => {
    while (waiting.length > 0) applyKey(view, waiting.shift());
  };
  channel.port1.onmessage = applyWaiting;
  const inEditor = (event) => event.target instanceof Node && view.contentDOM.contains(event.target);
  document.addEventListener(
    'keydown',
    (event) => {
      const take = inEditor(event) && enabled() && !view.state.readOnly && view.state.facet(EditorView.editable) && isPlainEdit(event);
      if (!take) {
        applyWaiting();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      waiting.push(event);
      if (waiting.length === 1) channel.port2.postMessage(null);
    },
    true,
  );
  // Other input that may edit or move the selection comes after the keys taken before it.
  for (const type of ['keypress', 'beforeinput', 'input', 'compositionstart', 'mousedown', 'pointerdown', 'paste', 'cut', 'drop', 'focusout']) {
    document.addEventListener(type, applyWaiting, true);
  }
}
