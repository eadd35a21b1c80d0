-- The warp debugger in Neovim: the nvim-dap adapter and configuration when nvim-dap is
-- installed, and without it (Neovim 0.7 and later) a small Debug Adapter Protocol client of
-- `gpuasm dap` behind the :Gpuasm… debug commands: the current instruction as a sign, the whole
-- warp (gpuasm/warpState) in the scratch buffer gpuasm://debug after every stop, line
-- breakpoints as signs, stepping both ways, the lane in focus, `why` (provenance) and evaluate.
local M = {}

local uv = vim.loop
local gpuasm = require('gpuasm')
local display = require('gpuasm.display')

local sign_group = 'gpuasm_debug'
vim.fn.sign_define('GpuasmBreakpoint', { text = 'B', texthl = 'GpuasmError' })
vim.fn.sign_define('GpuasmPosition', { text = '>', texthl = 'GpuasmStop', linehl = 'CursorLine' })

--- Milliseconds a command waits for the adapter's answer before saying it did not come.
M.timeout_ms = 10000

--- Line breakpoints, by file (absolute path): { [line] = { condition = '...' or nil } }, 1-based.
M.breakpoints = {}

--- The running session, or nil: { handle, pid, stdin, stdout, stderr, seq, pending, buffer, program, buf, stop }.
M.session = nil
--- What the last session showed, kept after it ends (the tests read these).
M.last_stop = nil  -- the last `stopped` event's body
M.last_warp = nil  -- the last gpuasm/warpState
M.last_why = nil   -- the last :GpuasmWhy text
M.last_lanes = nil -- the last gpuasm/laneView (shown in gpuasm://lanes once :GpuasmLanes asked for it)

local function notify(message, level) gpuasm.notify(message, level) end

-- ---- the adapter's process and the protocol ------------------------------------------------

local function encode(message)
  local body = vim.json.encode(message)
  return 'Content-Length: ' .. #body .. '\r\n\r\n' .. body
end

local dispatch -- forward: handles one message from the adapter (on the main loop)

-- Cuts complete messages out of what the adapter wrote so far (runs in the pipe's callback).
local function receive(session, data)
  session.buffer = session.buffer .. data
  while true do
    local header_end = session.buffer:find('\r\n\r\n', 1, true)
    if not header_end then return end
    local length = tonumber(session.buffer:sub(1, header_end):match('Content%-Length:%s*(%d+)'))
    if not length then
      session.buffer = session.buffer:sub(header_end + 4) -- a header without a length: drop it
    else
      local body_start = header_end + 4
      if #session.buffer < body_start + length - 1 then return end
      local body = session.buffer:sub(body_start, body_start + length - 1)
      session.buffer = session.buffer:sub(body_start + length)
      local ok, message = pcall(vim.json.decode, body)
      vim.schedule(function()
        if ok and type(message) == 'table' then
          dispatch(session, message)
        else
          notify('the debug adapter sent a message that is not JSON', vim.log.levels.WARN)
        end
      end)
    end
  end
end

--- Sends a request; `on_response(body, message)` runs when it is answered (message.success says
--- whether it worked; a failure is reported unless `on_response` handles it by returning true).
local function request(session, command, arguments, on_response)
  if session.closed then return end
  session.seq = session.seq + 1
  session.pending[session.seq] = on_response or false
  session.stdin:write(encode({ seq = session.seq, type = 'request', command = command,
    arguments = arguments or vim.empty_dict() }))
end

local function clear_position()
  vim.fn.sign_unplace(sign_group, { id = 1 })
end

local function place_breakpoint_signs()
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then
      vim.fn.sign_unplace(sign_group .. '_breakpoints', { buffer = buf })
      local path = vim.api.nvim_buf_get_name(buf)
      for line in pairs(M.breakpoints[path] or {}) do
        if line <= vim.api.nvim_buf_line_count(buf) then
          vim.fn.sign_place(0, sign_group .. '_breakpoints', 'GpuasmBreakpoint', buf, { lnum = line, priority = 20 })
        end
      end
    end
  end
end

local function ended(session, why)
  if session.closed then return end
  session.closed = true
  if M.session == session then M.session = nil end
  clear_position()
  for _, pipe in ipairs({ session.stdin, session.stdout, session.stderr }) do
    if pipe and not pipe:is_closing() then pipe:close() end
  end
  if why then notify(why) end
end

-- The breakpoints of the program's file, as setBreakpoints sends them.
local function send_breakpoints(session)
  local list = {}
  for line, spec in pairs(M.breakpoints[session.program] or {}) do
    list[#list + 1] = { line = line, condition = spec.condition }
  end
  table.sort(list, function(a, b) return a.line < b.line end)
  request(session, 'setBreakpoints', { source = { path = session.program }, breakpoints = list })
end

-- The run result display.register_lines shows, from gpuasm/warpState and the stop.
local function as_result(session, warp)
  local stop = { executed = warp.position, line = warp.line }
  if session.stop and session.stop.reason == 'exception' then
    stop.reason, stop.message = 'error', session.stop.text or session.stop.description
  elseif warp.line then
    stop.reason = 'until'
  else
    stop.reason = 'end'
  end
  return { file = session.program, stop = stop, activeMask = warp.activeMask, regs = warp.regs, types = warp.types }
end

--- Shows where execution stands: the sign in the source, the warp in gpuasm://debug.
local function refresh(session)
  request(session, 'gpuasm/warpState', nil, function(warp, message)
    if not message.success then return end
    M.last_warp = warp
    clear_position()
    if warp.line and vim.api.nvim_buf_is_valid(session.buf) then
      vim.fn.sign_place(1, sign_group, 'GpuasmPosition', session.buf, { lnum = warp.line, priority = 30 })
      for _, win in ipairs(vim.fn.win_findbuf(session.buf)) do
        vim.api.nvim_win_set_cursor(win, { warp.line, 0 })
      end
    end
    local why = session.stop and (session.stop.description or session.stop.reason) or 'stopped'
    local lines = display.register_lines(as_result(session, warp), 'debug (' .. why .. ')', warp.lane)
    table.insert(lines, 2, string.format('lane in focus: %d (:GpuasmDebugLane N)   position %d of %d', warp.lane, warp.position, warp.length))
    display.show_scratch('gpuasm://debug', lines)
  end)
  if session.lanes then
    request(session, 'gpuasm/laneView', nil, function(view, message)
      if not message.success then return end
      M.last_lanes = view
      display.show_scratch('gpuasm://lanes', require('gpuasm.lanes').lines(view))
    end)
  end
end

dispatch = function(session, message)
  if message.type == 'response' then
    local handler = session.pending[message.request_seq]
    session.pending[message.request_seq] = nil
    local handled = handler and handler(message.body or {}, message)
    if not message.success and not handled then
      notify(message.command .. ': ' .. tostring(message.message or 'failed'), vim.log.levels.ERROR)
    end
  elseif message.type == 'event' then
    local body = message.body or {}
    if message.event == 'initialized' then
      send_breakpoints(session)
      request(session, 'configurationDone')
    elseif message.event == 'stopped' then
      session.stop = body
      M.last_stop = body
      refresh(session)
    elseif message.event == 'invalidated' then
      refresh(session)
    elseif message.event == 'output' and body.output then
      notify((body.output:gsub('\n$', '')))
    elseif message.event == 'terminated' then
      request(session, 'disconnect')
    end
  end
end

--- Starts `gpuasm dap` on the file of `buf`, stopped before its first instruction.
--- options: { state_file = path, lane = n, stop_on_entry = bool }
function M.start(buf, options)
  options = options or {}
  if M.session then M.stop() end
  local program = vim.api.nvim_buf_get_name(buf)
  if program == '' then return notify('the buffer has no file to debug', vim.log.levels.ERROR) end
  if vim.bo[buf].modified then notify('debugging ' .. program .. ' as saved on disk (the buffer has changes)', vim.log.levels.WARN) end
  local binary, looked = gpuasm.binary()
  if not binary then
    return notify('cannot find the gpuasm binary (looked for ' .. table.concat(looked, ', ') .. ')', vim.log.levels.ERROR)
  end
  local session = { seq = 0, pending = {}, buffer = '', program = program, buf = buf }
  session.stdin, session.stdout, session.stderr = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local handle, pid = uv.spawn(binary, { args = { 'dap' }, stdio = { session.stdin, session.stdout, session.stderr } },
    function(code)
      vim.schedule(function()
        if session.handle and not session.handle:is_closing() then session.handle:close() end
        ended(session, code ~= 0 and ('the debug adapter ended with status ' .. code) or nil)
      end)
    end)
  if not handle then
    return notify('cannot start ' .. binary .. ' dap: ' .. tostring(pid), vim.log.levels.ERROR)
  end
  session.handle, session.pid = handle, pid
  session.stdout:read_start(function(err, data)
    if data then receive(session, data) elseif err then vim.schedule(function() ended(session, 'reading the debug adapter: ' .. err) end) end
  end)
  session.stderr:read_start(function(_, data)
    if data and data ~= '' then vim.schedule(function() notify('gpuasm dap: ' .. data:gsub('\n$', ''), vim.log.levels.WARN) end) end
  end)
  M.session = session
  request(session, 'initialize', { clientID = 'neovim', adapterID = 'gpuasm', linesStartAt1 = true,
    columnsStartAt1 = true, supportsInvalidatedEvent = true })
  local launch = { program = program, stopOnEntry = options.stop_on_entry ~= false }
  if options.state_file and options.state_file ~= '' then launch.stateFile = vim.fn.fnamemodify(options.state_file, ':p') end
  if options.lane then launch.lane = options.lane end
  request(session, 'launch', launch, function(_, message)
    if not message.success then
      notify('cannot debug ' .. program .. ': ' .. tostring(message.message), vim.log.levels.ERROR)
      M.stop()
      return true
    end
  end)
end

local function running()
  if not M.session then
    notify('no debug session (start one with :GpuasmDebug)', vim.log.levels.ERROR)
    return nil
  end
  return M.session
end

--- One execution control request of DAP: next, stepBack, continue, reverseContinue.
function M.control(command)
  local session = running()
  if session then request(session, command, { threadId = 1 }) end
end

--- Toggles a line breakpoint (with an optional condition) on `line` of `buf`.
function M.toggle_breakpoint(buf, line, condition)
  local path = vim.api.nvim_buf_get_name(buf)
  M.breakpoints[path] = M.breakpoints[path] or {}
  if M.breakpoints[path][line] and (condition == nil or condition == '') then
    M.breakpoints[path][line] = nil
  else
    M.breakpoints[path][line] = { condition = condition ~= '' and condition or nil }
  end
  place_breakpoint_signs()
  if M.session and M.session.program == path then send_breakpoints(M.session) end
end

function M.select_lane(lane)
  local session = running()
  if not session then return end
  if not lane or lane < 0 or lane > 31 or lane % 1 ~= 0 then
    return notify(':GpuasmDebugLane takes a lane 0..31', vim.log.levels.ERROR)
  end
  request(session, 'gpuasm/selectLane', { lane = lane })
end

--- :GpuasmLanes: the lane view in gpuasm://lanes, from now on after every stop.
function M.show_lanes()
  local session = running()
  if not session then return end
  session.lanes = true
  refresh(session)
end

--- :GpuasmGotoStep N: time travel to step N (0 = before the first instruction).
function M.goto_step(step)
  local session = running()
  if not session then return end
  if not step or step < 0 or step % 1 ~= 0 then
    return notify(':GpuasmGotoStep takes a step number (0 or more)', vim.log.levels.ERROR)
  end
  request(session, 'gpuasm/gotoStep', { step = step })
end

--- `why REGISTER[LANE]` (provenance) in the scratch buffer gpuasm://why.
function M.why(what)
  local session = running()
  if not session then return end
  request(session, 'evaluate', { expression = 'why ' .. what, context = 'repl' }, function(body, message)
    if not message.success then return end
    M.last_why = body.result
    display.show_scratch('gpuasm://why', vim.split('why ' .. what .. ':\n' .. body.result, '\n', { trimempty = true }))
  end)
end

--- An expression of docs/LANGUAGE.md in the lane in focus, as a message.
function M.evaluate(expression)
  local session = running()
  if not session then return end
  request(session, 'evaluate', { expression = expression, context = 'repl' }, function(body, message)
    if message.success then notify(expression .. ' = ' .. tostring(body.result)) end
  end)
end

--- Ends the session: disconnect (the adapter exits), and the process is stopped if it has not
--- gone within a second.
function M.stop()
  local session = M.session
  if not session then return end
  M.session = nil
  clear_position()
  request(session, 'disconnect', { terminateDebuggee = true })
  local timer = uv.new_timer()
  timer:start(1000, 0, vim.schedule_wrap(function()
    timer:close()
    if session.handle and not session.handle:is_closing() then session.handle:kill('sigterm') end
  end))
end

-- ---- nvim-dap ---------------------------------------------------------------------------------

--- Registers `gpuasm dap` with nvim-dap when it is installed: dap.adapters.gpuasm and a launch
--- configuration for the current file. Returns whether nvim-dap was found.
function M.setup_nvim_dap()
  local ok, dap = pcall(require, 'dap')
  if not ok then return false end
  -- What the user set already stays.
  dap.adapters.gpuasm = dap.adapters.gpuasm or function(callback)
    local binary, looked = gpuasm.binary()
    if not binary then
      return notify('cannot find the gpuasm binary (looked for ' .. table.concat(looked, ', ') .. ')', vim.log.levels.ERROR)
    end
    callback({ type = 'executable', command = binary, args = { 'dap' } })
  end
  if not dap.configurations.gpuasm then
    dap.configurations.gpuasm = {
      { type = 'gpuasm', request = 'launch', name = 'gpuasm: debug the warp', program = '${file}', stopOnEntry = true },
      { type = 'gpuasm', request = 'launch', name = 'gpuasm: debug to the first breakpoint', program = '${file}', stopOnEntry = false },
    }
  end
  return true
end

return M
