-- `.asm` files of gpuasm's ISA get the filetype `gpuasm`; other `.asm` files keep what Neovim
-- detected. Runs after Neovim's own rule for `*.asm` (this file is sourced inside the
-- `filetypedetect` group, after the built-in autocommands). Opt out with
-- `vim.g.gpuasm_filetype_detect = false`; lua/gpuasm/filetype.lua has the rules.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  group = vim.api.nvim_create_augroup('filetypedetect', { clear = false }),
  pattern = '*.asm',
  callback = function(args) require('gpuasm.filetype').detect(args.buf) end,
})

-- The spec's DSL (docs/PROTOCOL.md, "The workspace's spec"): `.isa` files, and `.txt` files whose
-- first lines hold a `__Def…` definition, get the filetype `gpuasmspec` and the same server.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  group = vim.api.nvim_create_augroup('filetypedetect', { clear = false }),
  pattern = { '*.isa', '*.txt' },
  callback = function(args) require('gpuasm.filetype').detect_spec(args.buf) end,
})
