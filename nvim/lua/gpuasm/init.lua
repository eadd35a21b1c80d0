-- gpuasm for Neovim: starts `gpuasm lsp` for buffers of filetype `gpuasm` through Neovim's
-- built-in LSP client (vim.lsp.start on 0.8 and later, start_client + buf_attach_client on
-- 0.7) and turns on tree-sitter highlighting and folding when the gpuasm parser is installed.
-- plugin/gpuasm.lua calls `attach` for every gpuasm buffer; `setup` is optional.
local M = {}

M.config = {
  -- The gpuasm executable. nil: vim.g.gpuasm_binary, else build/bin/gpuasm of the repository
  -- this plug-in lives in (nvim/../build/bin/gpuasm), else `gpuasm` on PATH.
  binary = nil,
  -- Encoding of an instruction as an inlay hint (the server's `encodingHints`): 'cursor' (on the
  -- cursor's line), 'all' or 'off' (true and false mean 'all' and 'off'); shown on Neovim 0.10
  -- and later, which display inlay hints.
  encoding_hints = 'cursor',
  -- Live values: what each executed line wrote, re-run as you type (the server's
  -- `liveValues.enabled`): virtual text on Neovim 0.7-0.9, inlay hints on 0.10 and later.
  live_values = true,
  -- The lane the live values show (0..31); nil: a summary of the active lanes.
  live_values_lane = nil,
  -- Register pressure as a CodeLens on the first statement ("peak 4 R at line 26, 2 P at line
  -- 22"), shown as virtual text; vim.lsp.codelens.run() on it jumps to the peak line.
  code_lens = true,
  -- Tree-sitter highlighting and folding when the `gpuasm` parser is installed (nvim/README.md).
  treesitter = true,
  folds = true,
  -- Register `gpuasm dap` with nvim-dap (dap.adapters.gpuasm, dap.configurations.gpuasm) when
  -- nvim-dap is installed; the :GpuasmDebug commands work without it.
  dap = true,
  -- The spec directory, relative to the workspace root (the folder of the nearest gpuasm.json,
  -- else of .git); nil: the specDir of the workspace's gpuasm.json, else the embedded spec
  -- (docs/PROTOCOL.md, "The workspace's spec"). :GpuasmInfo says which one is in use.
  spec_dir = nil,
  -- A directory holding `gpuasm doc DIR` output (the instruction reference), relative to the
  -- workspace root (the server's `referenceDirectory`): hover on a mnemonic then ends with a link
  -- to the instruction's page there. nil or '': no link.
  reference_dir = nil,
  -- Called as on_attach(client, bufnr) after the server attached to a buffer.
  on_attach = nil,
}

-- The last gpuasm/specStatus the server sent: which spec it uses, whether the last change took.
M.spec_status = nil

local notified_missing = false

local function notify(message, level)
  vim.notify('gpuasm: ' .. message, level or vim.log.levels.INFO)
end
M.notify = notify

--- nvim/, the folder this plug-in was loaded from.
function M.plugin_root()
  local source = debug.getinfo(1, 'S').source:sub(2) -- nvim/lua/gpuasm/init.lua
  return vim.fn.fnamemodify(source, ':p:h:h:h')
end

--- Where the binary is when the plug-in is used from a checkout of the gpuasm repository.
function M.repository_binary()
  return vim.fn.simplify(M.plugin_root() .. '/../build/bin/gpuasm')
end

--- The executable to start, or nil and the list of places looked at.
function M.binary()
  local configured = M.config.binary or vim.g.gpuasm_binary
  if configured and configured ~= '' then
    local path = vim.fn.expand(configured)
    if vim.fn.executable(path) == 1 then return path end
    return nil, { path .. ' (the configured binary)' }
  end
  local in_repository = M.repository_binary()
  if vim.fn.executable(in_repository) == 1 then return in_repository end
  local on_path = vim.fn.exepath('gpuasm')
  if on_path ~= '' then return on_path end
  return nil, { in_repository, '`gpuasm` on PATH' }
end

local gpuasm_clients

local function root_dir(buf)
  local name = vim.api.nvim_buf_get_name(buf)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  -- A spec file under a running server's root is that server's (the innermost root when
  -- several hold it): its edits reload that server's spec.
  if vim.bo[buf].filetype == 'gpuasmspec' then
    local path, best = vim.fn.fnamemodify(name, ':p'), nil
    for _, client in ipairs(gpuasm_clients()) do
      local r = client.config.root_dir
      if r and path:sub(1, #r + 1) == r .. '/' and (best == nil or #r > #best) then best = r end
    end
    if best then return best end
  end
  -- A project's gpuasm.json marks its root: the server reads the spec it names there.
  local project = vim.fn.findfile('gpuasm.json', dir .. ';')
  if project ~= '' then return vim.fn.fnamemodify(project, ':p:h') end
  local git = vim.fn.finddir('.git', dir .. ';')
  if git == '' then git = vim.fn.findfile('.git', dir .. ';') end -- a worktree's .git is a file
  if git ~= '' then return vim.fn.fnamemodify(git, ':p:h:h') end
  return dir
end

local function encoding_hints_mode()
  local value = M.config.encoding_hints
  if value == false or value == 'off' then return 'off' end
  if value == true or value == 'all' then return 'all' end
  return 'cursor'
end
local function encoding_hints_enabled() return encoding_hints_mode() ~= 'off' end
function M.live_values_enabled() return M.config.live_values ~= false end

--- The server's settings (docs/PROTOCOL.md) from M.config.
function M.settings()
  local lane = M.config.live_values_lane
  return {
    encodingHints = encoding_hints_mode(),
    liveValues = { enabled = M.live_values_enabled(), lane = lane == nil and vim.NIL or lane },
    specDir = (M.config.spec_dir == nil or M.config.spec_dir == '') and vim.NIL or M.config.spec_dir,
    referenceDirectory = (M.config.reference_dir == nil or M.config.reference_dir == '') and vim.NIL
      or M.config.reference_dir,
  }
end

-- gpuasm/specStatus: kept for :GpuasmInfo; a change to the spec that did not take is said.
local function spec_status(_, result)
  if type(result) ~= 'table' then return end
  local problem = result.problem ~= vim.NIL and result.problem or nil
  local previous = M.spec_status and M.spec_status.problem ~= vim.NIL and M.spec_status.problem or nil
  M.spec_status = result
  if problem and problem ~= previous then notify('the spec was not reloaded: ' .. problem, vim.log.levels.WARN) end
end

-- Neovim 0.10+: its inlay hints show the encodings and the live values, on while either is.
local function show_inlay_hints(buf)
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
    pcall(vim.lsp.inlay_hint.enable, encoding_hints_enabled() or M.live_values_enabled(), { bufnr = buf })
  end
end

-- The line of the cursor the server last heard of, per buffer (gpuasm/cursor, docs/PROTOCOL.md):
-- the encoding hint of the cursor's line follows it.
local cursor_lines = {}

local function on_attach(client, buf)
  if vim.bo[buf].filetype == 'gpuasmspec' then
    if M.config.on_attach then M.config.on_attach(client, buf) end
    return
  end
  if vim.bo[buf].omnifunc == '' then vim.bo[buf].omnifunc = 'v:lua.vim.lsp.omnifunc' end
  show_inlay_hints(buf)
  cursor_lines[buf] = nil
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'CursorMovedI', 'BufEnter' }, {
    buffer = buf,
    callback = function() M.send_cursor(buf) end,
  })
  M.send_cursor(buf)
  require('gpuasm.live').attach(buf)
  require('gpuasm.pressure').attach(buf)
  if M.config.on_attach then M.config.on_attach(client, buf) end
end

local function client_config(binary, buf)
  return {
    name = 'gpuasm',
    cmd = { binary, 'lsp' },
    root_dir = root_dir(buf),
    init_options = M.settings(),
    settings = { gpuasm = M.settings() },
    -- The plug-in reports the cursor (gpuasm/cursor, M.send_cursor): the server's encoding hints
    -- follow it by default (docs/PROTOCOL.md, experimental.gpuasm.cursorNotifications). Merged
    -- into the defaults: Neovim before 0.10 takes `capabilities` instead of its own.
    capabilities = vim.tbl_deep_extend('force', vim.lsp.protocol.make_client_capabilities(),
      { experimental = { gpuasm = { cursorNotifications = true } } }),
    handlers = { ['gpuasm/specStatus'] = spec_status },
    -- The server knows a spec file by this language id (docs/PROTOCOL.md).
    get_language_id = function(_, filetype) return filetype == 'gpuasmspec' and 'gpuasm-spec' or filetype end,
    on_attach = on_attach,
  }
end

--- The gpuasm client attached to `buf`, or nil.
function M.client(buf)
  buf = (buf == nil or buf == 0) and vim.api.nvim_get_current_buf() or buf
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf, name = 'gpuasm' })[1] end
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
    if client.name == 'gpuasm' then return client end
  end
  return nil
end

function gpuasm_clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ name = 'gpuasm' }) end
  local clients = {}
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    if client.name == 'gpuasm' then clients[#clients + 1] = client end
  end
  return clients
end

-- Client methods are called with `:` from Neovim 0.11 on (the `.` form is deprecated there).
local method_call = vim.fn.has('nvim-0.11') == 1

--- client:request on every version; `handler(err, result, ctx)`.
function M.request(client, method, params, handler, buf)
  if method_call then return client:request(method, params, handler, buf) end
  return client.request(method, params, handler, buf)
end

local function send_notification(client, method, params)
  if method_call then return client:notify(method, params) end
  return client.notify(method, params)
end

--- Tells the server the cursor's line in `buf` when it changed.
function M.send_cursor(buf)
  local client = M.client(buf)
  local win = vim.fn.bufwinid(buf)
  if not client or win == -1 then return end
  local cursor = vim.api.nvim_win_get_cursor(win)
  if cursor_lines[buf] == cursor[1] - 1 then return end
  cursor_lines[buf] = cursor[1] - 1
  send_notification(client, 'gpuasm/cursor', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = cursor[1] - 1, character = cursor[2] },
  })
end

-- Neovim 0.7: one client per root folder, started once and attached to every buffer under it.
local started = {}

local function start_0_7(config, buf)
  local id = started[config.root_dir]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(config)
    if not id then return notify('could not start ' .. config.cmd[1], vim.log.levels.ERROR) end
    started[config.root_dir] = id
  end
  vim.lsp.buf_attach_client(buf, id)
end

--- Starts the language server for `buf` (or attaches the running one).
function M.attach(buf)
  local binary, tried = M.binary()
  if not binary then
    if not notified_missing then
      notified_missing = true
      notify('the language server was not started: no gpuasm binary at ' .. table.concat(tried, ' or ')
        .. '. Build it (bash scripts/setup.sh in the gpuasm repository) or set vim.g.gpuasm_binary'
        .. " or require('gpuasm').setup({ binary = '/path/to/gpuasm' }).", vim.log.levels.ERROR)
    end
    return
  end
  local config = client_config(binary, buf)
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buf })
  else
    start_0_7(config, buf)
  end
end

--- Everything a gpuasm buffer gets: comment string, language server, tree-sitter.
function M.on_filetype(buf)
  vim.bo[buf].commentstring = '// %s'
  M.attach(buf)
  if vim.bo[buf].filetype == 'gpuasmspec' then return end  -- the spec's DSL: the server only
  if M.config.treesitter then require('gpuasm.treesitter').enable(buf, { folds = M.config.folds }) end
  -- nvim-dap may load after this plug-in: registering again is cheap and keeps user changes.
  if M.config.dap then require('gpuasm.debug').setup_nvim_dap() end
end

--- Optional: override M.config (see its fields) and the filetype rule
--- (`filetype_detect`, same values as vim.g.gpuasm_filetype_detect).
function M.setup(options)
  options = options or {}
  for key, value in pairs(options) do
    if key == 'filetype_detect' then
      vim.g.gpuasm_filetype_detect = value
    elseif key == 'live_values_lane' and value ~= nil and not (type(value) == 'number' and value >= 0 and value <= 31 and value % 1 == 0) then
      notify('setup: live_values_lane must be a lane 0..31 or nil, not ' .. vim.inspect(value), vim.log.levels.WARN)
    elseif (key == 'spec_dir' or key == 'reference_dir') and value ~= nil and type(value) ~= 'string' then
      notify('setup: ' .. key .. ' must be a directory (a string) or nil, not ' .. vim.inspect(value), vim.log.levels.WARN)
    elseif M.config[key] == nil and key ~= 'binary' and key ~= 'on_attach' and key ~= 'live_values_lane'
      and key ~= 'spec_dir' and key ~= 'reference_dir' then
      notify('setup: unknown option ' .. key, vim.log.levels.WARN)
    else
      M.config[key] = value
    end
  end
  M.settings_changed()
  if M.config.dap then require('gpuasm.debug').setup_nvim_dap() end
end

--- Tells running servers the settings and refreshes what the buffers show.
function M.settings_changed()
  for _, client in ipairs(gpuasm_clients()) do
    send_notification(client, 'workspace/didChangeConfiguration', { settings = { gpuasm = M.settings() } })
  end
  local live, pressure = require('gpuasm.live'), require('gpuasm.pressure')
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == 'gpuasm' then
      show_inlay_hints(buf)
      live.schedule(buf)
      pressure.schedule(buf)
    end
  end
end

--- Live values on (true), off (false) or toggled (nil).
function M.set_live_values(on)
  if on == nil then on = not M.live_values_enabled() end
  M.config.live_values = on
  M.settings_changed()
  notify('live values ' .. (on and 'on' or 'off'))
end

--- The lane the live values show (0..31), or nil for the summary of the active lanes.
function M.set_lane(lane)
  if lane ~= nil and not (type(lane) == 'number' and lane >= 0 and lane <= 31 and lane % 1 == 0) then
    return notify('a lane is 0..31 (or "summary"), not ' .. tostring(lane), vim.log.levels.ERROR)
  end
  M.config.live_values_lane = lane
  M.settings_changed()
  notify('live values for ' .. (lane and ('lane ' .. lane) or 'the active lanes (a summary)'))
end

return M
