-- Tree-sitter for gpuasm buffers: the parser is grammar/src/parser.c compiled into
-- parser/gpuasm.so somewhere on 'runtimepath' (by nvim-treesitter's :TSInstall, by
-- :GpuasmBuildParser, or by hand with cc); the queries are grammar/queries/*.scm, found through
-- nvim/queries/gpuasm (a link to grammar/queries). Works on Neovim 0.7 (no vim.treesitter.start,
-- no vim.treesitter.foldexpr) and on current releases.
local M = {}

local lang = 'gpuasm'

--- grammar/src of the repository this plug-in lives in.
function M.grammar_src()
  return vim.fn.simplify(require('gpuasm').plugin_root() .. '/../grammar/src')
end

--- Compiles grammar/src/parser.c into `dir`/parser/gpuasm.so (default: nvim/parser, which is
--- on 'runtimepath' with the plug-in). `cc` is vim.g.gpuasm_cc, $CC or cc. Returns the path
--- of the library, or nil and the compiler's message.
function M.build_parser(dir)
  dir = dir or require('gpuasm').plugin_root()
  local src = M.grammar_src()
  if vim.fn.filereadable(src .. '/parser.c') == 0 then return nil, 'no ' .. src .. '/parser.c' end
  vim.fn.mkdir(dir .. '/parser', 'p')
  local out = dir .. '/parser/gpuasm.so'
  local cc = vim.g.gpuasm_cc or os.getenv('CC') or 'cc'
  if cc == '' then cc = 'cc' end
  local output = vim.fn.system({ cc, '-shared', '-fPIC', '-O2', '-std=c99', '-I', src, src .. '/parser.c', '-o', out })
  if vim.v.shell_error ~= 0 then return nil, cc .. ' failed: ' .. output end
  return out
end

--- Where `cmake --install` (and the Debian package) puts the parser: <prefix>/lib/gpuasm/nvim,
--- seven levels above the plug-in's <prefix>/share/nvim/site/pack/gpuasm/start/gpuasm.
function M.installed_parser_dir()
  return vim.fn.simplify(require('gpuasm').plugin_root() .. '/../../../../../../../lib/gpuasm/nvim')
end

local installed_dir_added = false

--- Loads the parser from 'runtimepath' (parser/gpuasm.so); true when it is available. The
--- installed parser's directory joins 'runtimepath' (at its end) the first time it is needed.
function M.has_parser()
  if not installed_dir_added then
    installed_dir_added = true
    local dir = M.installed_parser_dir()
    if vim.fn.filereadable(dir .. '/parser/gpuasm.so') == 1 then vim.opt.runtimepath:append(dir) end
  end
  if vim.treesitter.language and vim.treesitter.language.add then
    pcall(vim.treesitter.language.add, lang)
    return (pcall(vim.treesitter.language.inspect, lang))
  end
  return vim.treesitter.require_language(lang, nil, true) == true
end

local function get_query(name)
  if vim.treesitter.query.get then return vim.treesitter.query.get(lang, name) end
  return vim.treesitter.query.get_query(lang, name)
end
M.get_query = get_query

-- Neovim 0.7 maps capture names to highlight groups through a table that lacks some of the
-- names grammar/queries/highlights.scm uses; later releases link every @capture themselves.
local function extend_0_7_highlight_map()
  local map = vim.treesitter.highlighter.hl_map
  if not map then return end
  local additions = { attribute = 'PreProc', variable = 'Identifier', ['variable.builtin'] = 'Identifier' }
  for capture, group in pairs(additions) do
    local current = rawget(map, capture)
    if current == nil or current == '__notfound' then rawset(map, capture, group) end
  end
end

local function start_highlighting(buf)
  if vim.treesitter.highlighter.active[buf] then return end
  if vim.treesitter.start then return vim.treesitter.start(buf, lang) end
  extend_0_7_highlight_map()
  vim.treesitter.highlighter.new(vim.treesitter.get_parser(buf, lang))
end

-- Fold levels from grammar/queries/folds.scm, for releases without vim.treesitter.foldexpr.
-- Cached per buffer and changedtick: foldexpr is evaluated once per line.
local fold_cache = {}

local function fold_levels(buf)
  local starts, ends = {}, {}
  local root = vim.treesitter.get_parser(buf, lang):parse()[1]:root()
  local query = get_query('folds')
  if query then
    for id, node in query:iter_captures(root, buf, 0, -1) do
      if query.captures[id] == 'fold' then
        local start_row, _, end_row, end_col = node:range()
        if end_col == 0 then end_row = end_row - 1 end
        if end_row > start_row then
          starts[start_row + 1] = (starts[start_row + 1] or 0) + 1
          ends[end_row + 1] = (ends[end_row + 1] or 0) + 1
        end
      end
    end
  end
  local levels, level = {}, 0
  for line = 1, vim.api.nvim_buf_line_count(buf) do
    if starts[line] then
      level = level + starts[line]
      levels[line] = '>' .. level
    elseif ends[line] then
      levels[line] = '<' .. level
      level = level - ends[line]
    else
      levels[line] = tostring(level)
    end
  end
  return levels
end

--- 'foldexpr' for Neovim releases before 0.9: `v:lua.require'gpuasm.treesitter'.foldexpr()`.
function M.foldexpr(lnum)
  lnum = lnum or vim.v.lnum
  local buf = vim.api.nvim_get_current_buf()
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  local cached = fold_cache[buf]
  if not cached or cached.tick ~= tick then
    local ok, levels = pcall(fold_levels, buf)
    cached = { tick = tick, levels = ok and levels or {} }
    fold_cache[buf] = cached
  end
  return cached.levels[lnum] or '0'
end

local function enable_folds(buf)
  for _, win in ipairs(vim.fn.win_findbuf(buf)) do
    vim.wo[win].foldmethod = 'expr'
    vim.wo[win].foldexpr = vim.treesitter.foldexpr and 'v:lua.vim.treesitter.foldexpr()'
      or "v:lua.require'gpuasm.treesitter'.foldexpr()"
  end
end

--- Highlighting (and folding) for `buf` when the parser is installed; false otherwise.
function M.enable(buf, options)
  if not M.has_parser() then return false end
  start_highlighting(buf)
  if options and options.folds then enable_folds(buf) end
  return true
end

return M
