// Starts gpuasm's core before the editor's code is evaluated (about 200 ms of a first load): a
// module of its own, run first, whose worker's early messages main.js takes over.
const worker = new Worker('./worker.js', { type: 'module' });
const early = [];
worker.onmessage = (event) => early.push(event);
window.gpuasmBoot = { worker, early };
