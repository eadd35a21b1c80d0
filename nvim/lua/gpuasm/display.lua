-- Showing the results of gpuasm/runToCursor, gpuasm/execute and gpuasm/encoding
-- (the object of `gpuasm run --json --trace`, docs/PROTOCOL.md) as virtual text at
-- the end of the lines and in scratch buffers: `gpuasm://registers` (one row per lane, one
-- column per register) and `gpuasm://encoding` (one field table per instruction).
local M = {}

M.run_ns = vim.api.nvim_create_namespace('gpuasm.run')
M.encoding_ns = vim.api.nvim_create_namespace('gpuasm.encoding')

vim.cmd([[
  highlight default link GpuasmValue Comment
  highlight default link GpuasmStop WarningMsg
  highlight default link GpuasmError ErrorMsg
  highlight default link GpuasmEncoding Comment
]])

local lanes = 32
local lanes_shown_inline = 4

-- Register files in the order a reader expects them: R, P, UR, UP, each by number.
local file_rank = { R = 1, P = 2, UR = 3, UP = 4 }

local function register_key(name)
  local file, number = name:match('^(%a+)(%d*)$')
  return file_rank[file] or 5, tonumber(number) or 1000, name
end

function M.sorted_registers(map)
  local names = vim.tbl_keys(map)
  table.sort(names, function(a, b)
    local fa, na, sa = register_key(a)
    local fb, nb, sb = register_key(b)
    if fa ~= fb then return fa < fb end
    if na ~= nb then return na < nb end
    return sa < sb
  end)
  return names
end

local function all_equal(values)
  for i = 2, #values do
    if values[i] ~= values[1] then return false end
  end
  return true
end

-- A list of 32 predicate values as a lane mask: bit i is lane i.
local function lane_mask(values)
  local low, high = 0, 0
  for lane = 0, lanes - 1 do
    if values[lane + 1] then
      if lane < 16 then low = low + 2 ^ lane else high = high + 2 ^ (lane - 16) end
    end
  end
  return string.format('0x%04x%04x', high, low)
end

--- One register value as text: a uniform value, the value every lane has, a predicate's lane
--- mask, or the first lanes of a list that differs between lanes.
function M.format_value(value)
  if type(value) ~= 'table' then return tostring(value) end
  if all_equal(value) then return tostring(value[1]) end
  if type(value[1]) == 'boolean' then return 'lanes ' .. lane_mask(value) end
  local shown = {}
  for lane = 1, math.min(lanes_shown_inline, #value) do shown[lane] = tostring(value[lane]) end
  return '[' .. table.concat(shown, ', ') .. ', …]'
end

function M.format_writes(writes)
  local parts = {}
  for _, name in ipairs(M.sorted_registers(writes)) do
    parts[#parts + 1] = name .. ' = ' .. M.format_value(writes[name])
  end
  return table.concat(parts, '  ')
end

function M.stop_summary(stop, title)
  stop = stop or {}
  local executed = stop.executed or 0
  if stop.reason == 'until' then
    return string.format('%s: stopped before line %d after %d instructions', title, stop.line or 0, executed)
  elseif stop.reason == 'error' then
    return string.format('%s: line %d: error: %s (after %d instructions)', title, stop.line or 0,
      stop.message or '', executed)
  end
  return string.format('%s: ran to the end: %d instructions executed', title, executed)
end

local function line_count(buf) return vim.api.nvim_buf_line_count(buf) end

local function set_virtual_text(buf, ns, line, chunks)
  if line < 0 or line >= line_count(buf) then return end
  vim.api.nvim_buf_set_extmark(buf, ns, line, 0, { virt_text = chunks, virt_text_pos = 'eol' })
end

-- A scratch buffer called `name`, created once and reused; shown in a split below unless a
-- window already shows it. The cursor stays where it was.
local function show_scratch(name, lines)
  local buf
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name then buf = b end
  end
  if not buf then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
    vim.bo[buf].bufhidden = 'hide'
    vim.bo[buf].swapfile = false
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  if #vim.fn.win_findbuf(buf) == 0 then
    local from = vim.api.nvim_get_current_win()
    vim.cmd('botright split')
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, buf)
    vim.api.nvim_win_set_height(win, math.min(#lines, math.max(10, math.floor(vim.o.lines / 2))))
    vim.api.nvim_set_current_win(from)
  end
  return buf
end
M.show_scratch = show_scratch

local function pad(text, width) return text .. string.rep(' ', width - vim.fn.strdisplaywidth(text)) end

local function cell(value)
  if type(value) == 'boolean' then return value and 'true' or 'false' end
  return tostring(value)
end

--- The lines of the register buffer: summary, uniform registers, then the 32-lane table.
--- A `*` after a register name marks one the run wrote; a `-` after a lane number marks an
--- inactive lane, a `>` before it the lane in focus (`focus`, when given).
function M.register_lines(result, title, focus)
  local lines = { M.stop_summary(result.stop, title), 'file: ' .. tostring(result.file or '?'),
    'active mask: ' .. tostring(result.activeMask or '?') }
  local written = {}
  for _, entry in ipairs(result.trace or {}) do
    for name in pairs(entry.writes or {}) do written[name] = true end
  end
  local per_lane = {}
  for _, name in ipairs(M.sorted_registers(result.regs or {})) do
    local value = result.regs[name]
    local label = name .. (written[name] and '*' or '')
    if type(value) == 'table' then
      per_lane[#per_lane + 1] = { label = label, values = value }
    else
      lines[#lines + 1] = label .. ' = ' .. cell(value)
    end
  end
  lines[#lines + 1] = ''
  local active = tonumber((tostring(result.activeMask or '0xffffffff'):gsub('^0x', '')), 16) or 0xffffffff
  local header, widths = { 'lane' }, { 4 }
  for i, column in ipairs(per_lane) do
    widths[i + 1] = math.max(#column.label, 10)
    header[i + 1] = column.label
  end
  local function row(cells)
    local padded = {}
    for i, text in ipairs(cells) do padded[i] = pad(text, widths[i]) end
    return (table.concat(padded, ' | '):gsub('%s+$', ''))
  end
  lines[#lines + 1] = row(header)
  for lane = 0, lanes - 1 do
    local is_active = math.floor(active / 2 ^ lane) % 2 == 1
    local number = lane == focus and ('>' .. string.format('%2d', lane)) or string.format('%3d', lane)
    local cells = { number .. (is_active and ' ' or '-') }
    for i, column in ipairs(per_lane) do cells[i + 1] = cell(column.values[lane + 1]) end
    lines[#lines + 1] = row(cells)
  end
  return lines
end

--- Virtual text and the register buffer for a run result on `buf`.
function M.show_run(buf, result, title)
  vim.api.nvim_buf_clear_namespace(buf, M.run_ns, 0, -1)
  local by_line = {}
  for _, entry in ipairs(result.trace or {}) do
    local line = entry.line
    by_line[line] = by_line[line] or {}
    table.insert(by_line[line], M.format_writes(entry.writes or {}))
  end
  for line, parts in pairs(by_line) do
    local text = table.concat(parts, '  ')
    if text ~= '' then set_virtual_text(buf, M.run_ns, line - 1, { { '  → ' .. text, 'GpuasmValue' } }) end
  end
  local stop = result.stop or {}
  if stop.reason == 'until' and stop.line then
    set_virtual_text(buf, M.run_ns, stop.line - 1, { { '  ■ stopped here', 'GpuasmStop' } })
  elseif stop.reason == 'error' and stop.line then
    set_virtual_text(buf, M.run_ns, stop.line - 1, { { '  ✗ ' .. (stop.message or 'error'), 'GpuasmError' } })
  end
  show_scratch('gpuasm://registers', M.register_lines(result, title))
  require('gpuasm').notify(M.stop_summary(stop, title),
    stop.reason == 'error' and vim.log.levels.WARN or vim.log.levels.INFO)
end

--- The lines of the encoding buffer: per instruction its line, text, variant, word and fields.
function M.encoding_lines(result)
  local lines = {}
  for _, instruction in ipairs(result.instructions or {}) do
    if #lines > 0 then lines[#lines + 1] = '' end
    lines[#lines + 1] = string.format('line %d: %s', instruction.line + 1, instruction.text or '')
    lines[#lines + 1] = string.format('  %s  %s', instruction.variant or '?', instruction.encoding or '?')
    local width = 5
    for _, field in ipairs(instruction.fields or {}) do width = math.max(width, #field.name) end
    lines[#lines + 1] = '  ' .. pad('field', width) .. '  bits     value'
    for _, field in ipairs(instruction.fields or {}) do
      lines[#lines + 1] = string.format('  %s  %-7s  %s', pad(field.name, width),
        string.format('%d:%d', field.hi, field.lo), tostring(field.value))
    end
  end
  if #lines == 0 then lines[1] = 'no instruction in the range' end
  return lines
end

function M.show_encoding(buf, result)
  vim.api.nvim_buf_clear_namespace(buf, M.encoding_ns, 0, -1)
  for _, instruction in ipairs(result.instructions or {}) do
    set_virtual_text(buf, M.encoding_ns, instruction.line,
      { { '  ' .. tostring(instruction.encoding) .. '  ' .. tostring(instruction.variant), 'GpuasmEncoding' } })
  end
  show_scratch('gpuasm://encoding', M.encoding_lines(result))
end

function M.clear(buf)
  vim.api.nvim_buf_clear_namespace(buf, M.run_ns, 0, -1)
  vim.api.nvim_buf_clear_namespace(buf, M.encoding_ns, 0, -1)
end

return M
