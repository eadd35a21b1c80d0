-- :GpuasmRunToCursor, :GpuasmExecute, :GpuasmEncoding, :GpuasmClear and more: the server's gpuasm/*
-- requests (docs/PROTOCOL.md) for the current buffer, shown by gpuasm.display.
local gpuasm = require('gpuasm')
local display = require('gpuasm.display')

local M = {}

-- The last result of each request, for scripts and the end-to-end test.
M.last = {}

-- Byte column → UTF-16 column, the LSP's position encoding.
local function utf16_column(line, byte_column)
  byte_column = math.min(byte_column, #line)
  if vim.fn.has('nvim-0.11') == 1 then return vim.str_utfindex(line, 'utf-16', byte_column, false) end
  local _, utf16 = vim.str_utfindex(line, byte_column)
  return utf16
end

local function line_text(buf, line) return vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[1] or '' end

local function text_document(buf) return { uri = vim.uri_from_bufnr(buf) } end

-- Whole lines first..last (1-based, inclusive) as an LSP range.
local function line_range(buf, first, last)
  return {
    start = { line = first - 1, character = 0 },
    ['end'] = { line = last - 1, character = utf16_column(line_text(buf, last - 1), math.huge) },
  }
end

local function request(buf, method, params, on_result)
  local client = gpuasm.client(buf)
  if not client then
    return gpuasm.notify('no gpuasm language server is attached to this buffer (is its filetype gpuasm?)',
      vim.log.levels.ERROR)
  end
  gpuasm.request(client, method, params, function(err, result)
    if err then return gpuasm.notify(method .. ' failed: ' .. tostring(err.message), vim.log.levels.ERROR) end
    if type(result) ~= 'table' then
      return gpuasm.notify(method .. ': the server sent no result', vim.log.levels.ERROR)
    end
    if not vim.api.nvim_buf_is_valid(buf) then return end
    on_result(result)
  end, buf)
end

-- The optional state file of a run (docs/PROTOCOL.md): its JSON object, or nil and a message.
local function read_state(path)
  if not path or path == '' then return nil end
  path = vim.fn.expand(path)
  if vim.fn.filereadable(path) == 0 then return nil, 'cannot read the state file ' .. path end
  local ok, state = pcall(vim.fn.json_decode, table.concat(vim.fn.readfile(path), '\n'))
  if not ok or type(state) ~= 'table' then return nil, path .. ' is not a JSON object (docs/PROTOCOL.md, the state file)' end
  return state
end

local function with_state(params, state_path)
  local state, err = read_state(state_path)
  if err then
    gpuasm.notify(err, vim.log.levels.ERROR)
    return nil
  end
  params.state = state
  return params
end

--- Runs the document from its start (with its `// @state` lines, and the state file
--- `state_path` over them when given) to the cursor's line.
function M.run_to_cursor(state_path)
  local buf = vim.api.nvim_get_current_buf()
  local row, column = unpack(vim.api.nvim_win_get_cursor(0))
  local params = with_state({
    textDocument = text_document(buf),
    position = { line = row - 1, character = utf16_column(line_text(buf, row - 1), column) },
  }, state_path)
  if not params then return end
  request(buf, 'gpuasm/runToCursor', params, function(result)
    M.last.run = result
    display.show_run(buf, result, 'run to cursor')
  end)
end

--- Executes only the instructions on lines first..last (state as for run_to_cursor).
function M.execute(first, last, state_path)
  local buf = vim.api.nvim_get_current_buf()
  local params = with_state({ textDocument = text_document(buf), range = line_range(buf, first, last) }, state_path)
  if not params then return end
  request(buf, 'gpuasm/execute', params, function(result)
    M.last.execute = result
    display.show_run(buf, result, string.format('execute lines %d-%d', first, last))
  end)
end

--- The encoding of every instruction on lines first..last.
function M.encoding(first, last)
  local buf = vim.api.nvim_get_current_buf()
  local params = { textDocument = text_document(buf), range = line_range(buf, first, last) }
  request(buf, 'gpuasm/encoding', params, function(result)
    M.last.encoding = result
    display.show_encoding(buf, result)
  end)
end

--- The lines :GpuasmInfo prints for a gpuasm/specInfo result (docs/PROTOCOL.md).
function M.describe_spec(info)
  local function given(v) return v ~= nil and v ~= vim.NIL end
  local lines = {}
  if given(info.dir) then
    lines[#lines + 1] = 'spec: ' .. info.dir .. ' (from the ' .. info.origin
      .. (given(info.configFile) and (' ' .. info.configFile) or '') .. ')'
  else
    lines[#lines + 1] = 'spec: the embedded spec'
  end
  lines[#lines + 1] = string.format('%d instruction types, %d encoding variants; %d errors, %d warnings in the spec; %d loads',
    info.optypes, info.opcodes, info.errors, info.warnings, info.reloads)
  if given(info.loadErrors) then
    local first = info.loadErrors.first
    lines[#lines + 1] = string.format(
      '%d %s no erratum accounts for: diagnostics, encodings and runs may be wrong; the first: %s:%d:%d: %s [%s]',
      info.loadErrors.count, info.loadErrors.count == 1 and 'error' or 'errors',
      first.file, first.line, first.column, first.message, first.code)
  end
  if given(info.problem) then lines[#lines + 1] = 'not reloaded: ' .. info.problem end
  return lines
end

--- :GpuasmInfo — which spec the server uses for `buf` (each project's .asm files may have their own;
--- a buffer that is not gpuasm assembly gets the workspace's).
function M.info(buf)
  local params = vim.bo[buf].filetype == 'gpuasm' and { textDocument = { uri = vim.uri_from_bufnr(buf) } }
    or vim.empty_dict()
  request(buf, 'gpuasm/specInfo', params, function(result)
    M.last.info = result
    gpuasm.notify(table.concat(M.describe_spec(result), '\n'))
  end)
end

function M.create()
  local command = vim.api.nvim_create_user_command
  command('GpuasmRunToCursor', function(opts) M.run_to_cursor(opts.args) end, {
    nargs = '?', complete = 'file',
    desc = 'gpuasm: run the file up to the cursor line [from a state file]; registers as virtual text and in gpuasm://registers',
  })
  command('GpuasmExecute', function(opts) M.execute(opts.line1, opts.line2, opts.args) end,
    { range = true, nargs = '?', complete = 'file', desc = 'gpuasm: execute only the lines of the range [from a state file]' })
  command('GpuasmEncoding', function(opts) M.encoding(opts.line1, opts.line2) end,
    { range = true, desc = 'gpuasm: encoding and fields of the instructions in the range (default: this line)' })
  command('GpuasmInfo', function() M.info(vim.api.nvim_get_current_buf()) end,
    { desc = 'gpuasm: which spec the language server uses, and whether the last change to it took' })
  command('GpuasmPressure', function() require('gpuasm.pressure').show(vim.api.nvim_get_current_buf()) end,
    { desc = 'gpuasm: the register pressure\'s peak (live R, P, UR, UP registers) and a jump to its line' })
  command('GpuasmClear', function() display.clear(vim.api.nvim_get_current_buf()) end,
    { desc = 'gpuasm: remove the virtual text of the run and encoding commands' })
  command('GpuasmLiveValues', function(opts)
    local arg = opts.args
    if arg ~= '' and arg ~= 'on' and arg ~= 'off' then
      return gpuasm.notify(':GpuasmLiveValues takes on, off or nothing (toggle), not ' .. arg, vim.log.levels.ERROR)
    end
    local on = nil -- no argument: toggle
    if arg ~= '' then on = arg == 'on' end
    gpuasm.set_live_values(on)
  end, {
    nargs = '?', complete = function() return { 'on', 'off' } end,
    desc = 'gpuasm: live values (what each line wrote) on, off, or toggled',
  })
  command('GpuasmLane', function(opts)
    local arg = opts.args
    if arg == '' then
      local lane = gpuasm.config.live_values_lane
      return gpuasm.notify('live values show ' .. (lane and ('lane ' .. lane) or 'a summary of the active lanes'))
    end
    if arg == 'summary' then return gpuasm.set_lane(nil) end
    local lane = tonumber(arg)
    if not lane then
      return gpuasm.notify(':GpuasmLane takes a lane 0..31 or summary, not ' .. arg, vim.log.levels.ERROR)
    end
    gpuasm.set_lane(lane)
  end, {
    nargs = '?', complete = function() return { 'summary', '0', '1', '31' } end,
    desc = 'gpuasm: the lane the live values show (0..31), or summary',
  })
  local debug = require('gpuasm.debug')
  command('GpuasmDebug', function(opts)
    debug.start(vim.api.nvim_get_current_buf(), { state_file = opts.args })
  end, { nargs = '?', complete = 'file', desc = 'gpuasm: debug this file on one warp, stopped before its first instruction [from a state file]' })
  command('GpuasmStep', function() debug.control('next') end, { desc = 'gpuasm: execute one instruction' })
  command('GpuasmStepBack', function() debug.control('stepBack') end, { desc = 'gpuasm: go back one instruction' })
  command('GpuasmContinue', function() debug.control('continue') end,
    { desc = 'gpuasm: run to the next breakpoint, data breakpoint or the end' })
  command('GpuasmReverseContinue', function() debug.control('reverseContinue') end,
    { desc = 'gpuasm: run backwards to the previous breakpoint or the start' })
  command('GpuasmBreakpoint', function(opts)
    debug.toggle_breakpoint(vim.api.nvim_get_current_buf(), vim.api.nvim_win_get_cursor(0)[1], opts.args)
  end, { nargs = '?', desc = 'gpuasm: toggle a breakpoint on this line [with a condition, e.g. any(R2 > 5)]' })
  command('GpuasmDebugLane', function(opts) debug.select_lane(tonumber(opts.args)) end,
    { nargs = 1, desc = 'gpuasm: the lane the debugger shows first (0..31)' })
  command('GpuasmWhy', function(opts) debug.why(opts.args) end,
    { nargs = 1, desc = 'gpuasm: where a register value came from, e.g. R1[3] (in gpuasm://why)' })
  command('GpuasmEval', function(opts) debug.evaluate(opts.args) end,
    { nargs = '+', desc = 'gpuasm: evaluate an expression in the debugged warp, e.g. any(R2 > 5)' })
  command('GpuasmDebugStop', function() debug.stop() end, { desc = 'gpuasm: end the debug session' })
  command('GpuasmLanes', function() debug.show_lanes() end,
    { desc = 'gpuasm: the warp across its lanes at every stop, SHFL source lanes and reads/writes marked (in gpuasm://lanes)' })
  command('GpuasmGotoStep', function(opts) debug.goto_step(tonumber(opts.args)) end,
    { nargs = 1, desc = 'gpuasm: time travel to step N of the debugged program (0 = before the first instruction)' })
  command('GpuasmBuildParser', function()
    local path, err = require('gpuasm.treesitter').build_parser()
    if not path then return gpuasm.notify('building the tree-sitter parser failed: ' .. err, vim.log.levels.ERROR) end
    gpuasm.notify('tree-sitter parser built: ' .. path .. ' (reopen gpuasm buffers to use it)')
  end, { desc = 'gpuasm: compile grammar/src/parser.c into nvim/parser/gpuasm.so' })
end

return M
