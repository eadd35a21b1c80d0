-- Live values on a Neovim without built-in inlay hints (0.7 to 0.9): the values each executed
-- line wrote (docs/PROTOCOL.md, "Live values"), asked for with LSP 3.17
-- `textDocument/inlineValue` for the lines in view and shown as virtual text at the end of each
-- line, refreshed after edits (debounced), on entering the buffer and on scrolling. On Neovim
-- 0.10 and later the server's inlay hints carry them and vim.lsp.inlay_hint shows them instead.
local M = {}

M.ns = vim.api.nvim_create_namespace('gpuasm.live')
vim.cmd('highlight default link GpuasmLiveValue SpecialComment')

local debounce_ms = 80
local generation = {}

--- Whether Neovim shows the server's inlay hints itself.
function M.builtin() return vim.lsp.inlay_hint ~= nil and vim.lsp.inlay_hint.enable ~= nil end

function M.clear(buf)
  if vim.api.nvim_buf_is_valid(buf) then vim.api.nvim_buf_clear_namespace(buf, M.ns, 0, -1) end
end

-- Lines above and below the view asked for too, so scrolling a little shows values at once.
local margin = 50

-- The lines to ask for (0-based, inclusive): those in view in a window showing `buf` and the
-- margin around them, else the first 200.
local function visible_lines(buf)
  local count = vim.api.nvim_buf_line_count(buf)
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_buf(win) == buf then
      local first, last
      vim.api.nvim_win_call(win, function() first, last = vim.fn.line('w0'), vim.fn.line('w$') end)
      return math.max(first - 1 - margin, 0), math.min(last - 1 + margin, count - 1)
    end
  end
  return 0, math.min(count, 200) - 1
end

--- Asks for the live values of the lines in view and shows them; clears them when off.
function M.refresh(buf)
  local gpuasm = require('gpuasm')
  if not vim.api.nvim_buf_is_valid(buf) then return end
  if M.builtin() or not gpuasm.live_values_enabled() then return M.clear(buf) end
  local client = gpuasm.client(buf)
  if not client then return end
  local first, last = visible_lines(buf)
  local range = { start = { line = first, character = 0 }, ['end'] = { line = last + 1, character = 0 } }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = range,
    context = { frameId = 0, stoppedLocation = range },
  }
  generation[buf] = (generation[buf] or 0) + 1
  local mine = generation[buf]
  gpuasm.request(client, 'textDocument/inlineValue', params, function(err, result)
    -- A later request (or an edit since) makes this answer stale.
    if err or mine ~= generation[buf] or not vim.api.nvim_buf_is_valid(buf) then return end
    M.clear(buf)
    if not gpuasm.live_values_enabled() then return end
    local per_line = {}
    for _, value in ipairs(type(result) == 'table' and result or {}) do
      local line = value.range and value.range.start and value.range.start.line
      if line and value.text then
        per_line[line] = per_line[line] and (per_line[line] .. '; ' .. value.text) or value.text
      end
    end
    local count = vim.api.nvim_buf_line_count(buf)
    for line, text in pairs(per_line) do
      if line < count then
        vim.api.nvim_buf_set_extmark(buf, M.ns, line, 0,
          { virt_text = { { '  ' .. text, 'GpuasmLiveValue' } }, virt_text_pos = 'eol' })
      end
    end
  end, buf)
end

-- Refreshes after `debounce_ms` without another call; each call also drops a reply still in
-- flight (its generation is old).
local follower = require('gpuasm.debounce').new('live', debounce_ms, function(buf) M.refresh(buf) end, {
  on_schedule = function(buf) generation[buf] = (generation[buf] or 0) + 1 end,
  on_wipeout = function(buf) generation[buf] = nil end,
})

--- Refreshes after `debounce_ms` without another call (typing asks once, after a pause).
function M.schedule(buf) follower.schedule(buf) end

--- Follows `buf`'s edits, scrolling and entering (once per buffer).
function M.attach(buf)
  if M.builtin() then return end
  follower.follow(buf, { 'TextChanged', 'TextChangedI', 'BufEnter', 'WinScrolled' })
end

return M
