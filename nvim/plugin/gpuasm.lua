-- gpuasm: commands, and the language server + tree-sitter for every buffer of filetype gpuasm
-- (the server alone for the spec's files, filetype gpuasmspec).
-- Needs Neovim 0.7 or later. Configuration (optional): require('gpuasm').setup({...}), see
-- nvim/README.md.
if vim.g.loaded_gpuasm then return end
vim.g.loaded_gpuasm = true

if vim.fn.has('nvim-0.7') == 0 then
  vim.notify('gpuasm: Neovim 0.7 or later is needed', vim.log.levels.ERROR)
  return
end

require('gpuasm.commands').create()

vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('gpuasm', { clear = true }),
  pattern = { 'gpuasm', 'gpuasmspec' },
  callback = function(args) require('gpuasm').on_filetype(args.buf) end,
})
