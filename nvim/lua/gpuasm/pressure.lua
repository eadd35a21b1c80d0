-- Register pressure (docs/LANGUAGE.md, "Register pressure"): the server's CodeLens on the first
-- statement ("peak 4 R at line 26, 2 P at line 22") shown by vim.lsp.codelens as virtual text,
-- refreshed on entering the buffer, leaving insert mode, after edits (debounced) and when the
-- cursor rests; the lens's command gpuasm.ui.revealLine, which the client runs itself (a
-- vim.lsp.commands entry), so vim.lsp.codelens.run() on the lens line jumps to the peak; and
-- :GpuasmPressure, which asks for the lens, says its title and jumps to the peak line.
local M = {}

local debounce_ms = 200

-- The last lens :GpuasmPressure got, for scripts and the end-to-end test.
M.last = nil

local function enabled() return require('gpuasm').config.code_lens ~= false end

local function supports_lenses(client)
  local capabilities = client and (client.server_capabilities or client.resolved_capabilities) or {}
  return capabilities.codeLensProvider ~= nil and capabilities.codeLensProvider ~= false
end

--- The lens namespace of `client` (vim.lsp.codelens keeps one per client, on 0.7 as on 0.10).
local function lens_namespace(client) return vim.lsp.codelens.__namespaces[client.id] end

--- Removes the lenses of `buf` (the lens setting turned off).
function M.clear(buf)
  local client = require('gpuasm').client(buf)
  if not client or not vim.api.nvim_buf_is_valid(buf) then return end
  if vim.lsp.codelens.clear then return vim.lsp.codelens.clear(client.id, buf) end
  vim.api.nvim_buf_clear_namespace(buf, lens_namespace(client), 0, -1)
end

--- Asks for the lenses of `buf` and shows them (or clears them when lenses are off).
function M.refresh(buf)
  if not vim.api.nvim_buf_is_valid(buf) then return end
  if not enabled() then return M.clear(buf) end
  -- 0.7's refresh() asks for the current buffer only (and a request no client supports would
  -- block its later refreshes): another buffer gets its lenses on entering it.
  if not supports_lenses(require('gpuasm').client(buf)) then return end
  if vim.fn.has('nvim-0.10') == 1 then return vim.lsp.codelens.refresh({ bufnr = buf }) end
  if vim.api.nvim_get_current_buf() == buf then vim.lsp.codelens.refresh() end
end

local follower = require('gpuasm.debounce').new('pressure', debounce_ms, function(buf) M.refresh(buf) end)

--- Refreshes after `debounce_ms` without another call (typing asks once, after a pause).
function M.schedule(buf) follower.schedule(buf) end

--- Follows `buf`'s edits, entering and idle cursor (once per buffer).
function M.attach(buf) follower.follow(buf, { 'BufEnter', 'InsertLeave', 'TextChanged', 'CursorHold' }) end

--- Moves the cursor to 0-based `line` of the document `uri`: in the current window when it
--- shows that buffer, else in a window that does, else the current window shows it.
function M.reveal_line(uri, line)
  local buf = vim.uri_to_bufnr(uri)
  local win = vim.api.nvim_get_current_win()
  if vim.api.nvim_win_get_buf(win) ~= buf then
    local shown = vim.fn.bufwinid(buf)
    if shown ~= -1 then
      win = shown
      vim.api.nvim_set_current_win(win)
    else
      vim.fn.bufload(buf)
      vim.api.nvim_win_set_buf(win, buf)
    end
  end
  local row = math.min(math.max(line, 0) + 1, vim.api.nvim_buf_line_count(buf))
  vim.api.nvim_win_set_cursor(win, { row, 0 })
  vim.api.nvim_win_call(win, function() vim.cmd('normal! zvzz') end)
end

-- gpuasm.ui.revealLine [uri, line]: a command of the client (docs/PROTOCOL.md, textDocument/codeLens).
vim.lsp.commands['gpuasm.ui.revealLine'] = function(command, ctx)
  local arguments = command.arguments or {}
  if type(arguments[1]) ~= 'string' or type(arguments[2]) ~= 'number' then
    return require('gpuasm').notify('gpuasm.ui.revealLine needs [uri, line], not ' .. vim.inspect(arguments),
      vim.log.levels.ERROR)
  end
  M.reveal_line(arguments[1], arguments[2])
  -- vim.lsp.codelens clears the lens it ran: show it again.
  if ctx and ctx.bufnr then M.schedule(ctx.bufnr) end
end

--- :GpuasmPressure — says the peak of `buf` (the lens's title) and jumps to its line.
function M.show(buf)
  local gpuasm = require('gpuasm')
  local client = gpuasm.client(buf)
  if not client then
    return gpuasm.notify('no gpuasm language server is attached to this buffer (is its filetype gpuasm?)',
      vim.log.levels.ERROR)
  end
  local uri = vim.uri_from_bufnr(buf)
  gpuasm.request(client, 'textDocument/codeLens', { textDocument = { uri = uri } }, function(err, result)
    if err then return gpuasm.notify('textDocument/codeLens failed: ' .. tostring(err.message), vim.log.levels.ERROR) end
    local lens = type(result) == 'table' and result[1] or nil
    if not lens or not lens.command then
      M.last = { title = 'no register is live' }
      return gpuasm.notify('register pressure: no register is live')
    end
    M.last = { title = lens.command.title, line = lens.command.arguments and lens.command.arguments[2] }
    gpuasm.notify('register pressure: ' .. lens.command.title)
    if type(M.last.line) == 'number' and vim.api.nvim_buf_is_valid(buf) then M.reveal_line(uri, M.last.line) end
  end, buf)
end

return M
